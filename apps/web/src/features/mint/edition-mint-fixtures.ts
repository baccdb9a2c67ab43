import {
  buildMultisigDeposit,
  bytesToBase64,
  multisigWallet,
  parsePsbt,
  type WalletUtxo,
} from '@om/bitcoin';
import type { EditionMintPayload, EditionOrder, EditionQuote, PublicLaunchpad } from '@om/core';
import { coin } from '../../test/multisig-test-fixtures.ts';
import {
  BUYER_ORDINALS,
  BUYER_PAYMENT,
  NETWORK,
  PLATFORM,
  THIEF,
} from '../../test/trade-test-fixtures.ts';
import { launchPayload, LAUNCH_ID, NOW } from '../../test/mint-test-fixtures.ts';

// An editions launch of 10 at 20,000 sats each, and edition orders whose payment PSBTs are real,
// built with packages/bitcoin from the buyer's coins (ADR 011: output 0 pays the charge address).

export const EDITION_PRICE = 20_000n;
export const ORDER_ID = '6e2d4c1a-9b3f-4e5d-8a7c-1f2e3d4c5b6a';
const T = NOW.getTime() / 1000;
/** The order's commit address: any P2WSH stands in for the taproot one of the service. */
const CHARGE = multisigWallet(PLATFORM.publicKey, THIEF.publicKey, NETWORK);
export const CHARGE_ADDRESS = CHARGE.address;
export const REVEAL_TXID = '9a'.repeat(32);

/** The launch's one public phase: open since 10 minutes, no end. */
const EDITION_PHASE: PublicLaunchpad['phases'][number] = {
  id: 'b1f0c2d3-0000-4000-8000-0000000000e1',
  launchpad_id: LAUNCH_ID,
  name: 'Edition',
  phase_number: 1,
  start_date: T - 600,
  end_date: null,
  status: 'active',
  total_inscriptions: 0,
  remaining_inscriptions: 0,
  is_public: true,
  price: EDITION_PRICE.toString(),
  allocation: null,
};

export function editionLaunch(changes: Partial<PublicLaunchpad> = {}): PublicLaunchpad {
  return launchPayload({
    launchpad_type: 'editions',
    total_inscriptions: 10,
    remaining_inscriptions: 7,
    minted: 3,
    collection: { name: 'Moon', slug: 'moon', description: 'One moon, ten times.', icon: null },
    phases: [EDITION_PHASE],
    ...changes,
  });
}

/** What minting `count` editions costs at 6 sat/vB: 1% platform fee, a 1,200-sat reveal. */
export function editionQuote(count: number, changes: Partial<EditionQuote> = {}): EditionQuote {
  const price = EDITION_PRICE * BigInt(count);
  const platformFee = price / 100n;
  const networkFee = 1_200n;
  const postage = 546n * BigInt(count);
  return {
    mintCount: count,
    unitPrice: EDITION_PRICE.toString(),
    price: price.toString(),
    platformFee: platformFee.toString(),
    networkFee: networkFee.toString(),
    postage: postage.toString(),
    total: (price + platformFee + networkFee + postage).toString(),
    feeRate: 6,
    remainingEditions: 7,
    ...changes,
  };
}

export type EditionTamper = 'pays-elsewhere' | 'change-elsewhere' | 'pays-less';

const BUYER_COINS: WalletUtxo[] = [coin(0x51, 300_000n, BUYER_PAYMENT.script)];

/**
 * POST /api/launchpad/editions/mint's payload for `count` editions: the buyer's payment of the
 * quote's total to the charge address; `tamper` edits the PSBT as a compromised server might.
 */
export function editionOrder({
  count = 2,
  tamper,
  quote = editionQuote(count),
}: { count?: number; tamper?: EditionTamper; quote?: EditionQuote } = {}): EditionMintPayload {
  const amount = BigInt(quote.total);
  const built = buildMultisigDeposit({
    payment: {
      address: BUYER_PAYMENT.address,
      publicKey: BUYER_PAYMENT.publicKey,
      utxos: BUYER_COINS,
    },
    to: CHARGE,
    amount: tamper === 'pays-less' ? amount - 1_000n : amount,
    feeRate: 6,
    network: NETWORK,
  });
  const tx = parsePsbt(built.psbt);
  if (tamper === 'pays-elsewhere') tx.updateOutput(0, { script: THIEF.script });
  if (tamper === 'change-elsewhere') tx.updateOutput(1, { script: THIEF.script });
  return {
    orderId: ORDER_ID,
    chargeAddress: CHARGE_ADDRESS,
    amount: amount.toString(),
    psbt: bytesToBase64(tx.toPSBT()),
    inputsToSign: built.layout.inputs.map((_, index) => ({
      index,
      address: BUYER_PAYMENT.address,
    })),
    quote,
    expiresAt: new Date(NOW.getTime() + 5 * 60_000).toISOString(),
  };
}

/** The order as submit and GET order answer it: inscribed, its editions revealed. */
export function inscribedOrder(payment: EditionMintPayload, commitTxId: string): EditionOrder {
  return {
    orderId: payment.orderId,
    launchpadId: LAUNCH_ID,
    status: 'inscribed',
    mintCount: payment.quote.mintCount,
    chargeAddress: payment.chargeAddress,
    amount: payment.amount,
    takerOrdinalAddress: BUYER_ORDINALS.address,
    commitTxId,
    revealTxId: REVEAL_TXID,
    inscriptionIds: Array.from(
      { length: payment.quote.mintCount },
      (_, i) => `${REVEAL_TXID}i${i}`,
    ),
    refundTxId: null,
    expiresAt: payment.expiresAt,
  };
}
