import {
  buildInscriptionDeposit,
  buildListingPsbt,
  bytesToBase64,
  compressedPublicKey,
  hexToBytes,
  parsePsbt,
  privateKeyFromHex,
  scriptOfAddress,
  SELLER_SIGHASH,
  type MultisigWallet as ScriptWallet,
  type Utxo,
} from '@om/bitcoin';
import type {
  CollectionInfoInput,
  LaunchpadInfo,
  LaunchPhase,
  LaunchPsbtPayload,
  PhaseFormValues,
  PsbtBatch,
} from '@om/core';
import {
  ACCOUNT,
  coin,
  MAKER,
  NETWORK,
  PAYMENT_SCRIPT,
} from '../../test/multisig-test-fixtures.ts';
import { emptyAuctionDraft } from './auction-draft.ts';
import type { LaunchDraft } from './launch-draft.ts';
import { EMPTY_EDITION } from './wizard-steps.ts';

// A pre-inscribed launch of two inscriptions by the Dev wallet of the multisig fixtures, with a
// whitelist and a public phase, and the real PSBTs the server's worker would build for it.

export const LAUNCH_ID = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SLUG = 'rocks';
const ORDINALS_KEY = compressedPublicKey(privateKeyFromHex('11'.repeat(32)));
const PAYMENT_KEY = hexToBytes(ACCOUNT.paymentPublicKey);
export const WL_PRICE = 20_000n;
export const PUBLIC_PRICE = 30_000n;

const INFO: CollectionInfoInput = {
  name: 'Rocks',
  slug: SLUG,
  description: 'Two pre-inscribed rocks for the launch test',
  website_link: '',
  twitter_link: '',
  discord_link: '',
  telegram_link: '',
  instagram_link: '',
  creator_name: 'Creator',
  creator_email: 'creator@example.com',
  creator_btc_address: ACCOUNT.paymentAddress,
  icon: 'https://example.com/icon.png',
};

const INSCRIPTIONS = [
  { id: `${'a1'.repeat(32)}i0`, meta: { name: 'Rock #1' } },
  { id: `${'a2'.repeat(32)}i0`, meta: { name: 'Rock #2' } },
];

/** A finished phase card of the draft. */
export function draftPhase(overrides: Partial<PhaseFormValues>): PhaseFormValues {
  return {
    uuid: crypto.randomUUID(),
    name: 'Whitelist Sale',
    price: '0.0002',
    allocation: 2,
    startDate: '2030-01-01',
    startTime: '10:00',
    endDate: '2030-01-01',
    endTime: '12:00',
    isPublic: false,
    isSameAllocation: true,
    isFinished: true,
    allowList: ACCOUNT.ordinalsAddress,
    ...overrides,
  };
}

export function launchDraft(overrides: Partial<LaunchDraft> = {}): LaunchDraft {
  return {
    start: 'create',
    type: 'pre-inscribe',
    launchpadId: null,
    info: INFO,
    inscriptions: INSCRIPTIONS,
    phases: [
      draftPhase({}),
      draftPhase({
        name: 'Public Sale',
        price: '0.0003',
        isPublic: true,
        allowList: '',
        startDate: '2030-01-02',
        endDate: '2030-01-02',
      }),
    ],
    edition: EMPTY_EDITION,
    auction: emptyAuctionDraft(),
    termsAccepted: false,
    submitState: 'submit',
    ...overrides,
  };
}

/** The deposit of both inscriptions from the ordinals address into `to`, at 6 sat/vB. */
function buildDeposit(to: ScriptWallet) {
  return buildInscriptionDeposit({
    inscriptionUtxos: INSCRIPTIONS.map((_, i) => ({
      txid: `c${i}`.repeat(32),
      vout: 0,
      value: 10_000n,
      script: scriptOfAddress(ACCOUNT.ordinalsAddress, NETWORK),
      publicKey: ORDINALS_KEY,
    })),
    payment: {
      address: ACCOUNT.paymentAddress,
      publicKey: PAYMENT_KEY,
      utxos: [coin(0xb2, 100_000n, PAYMENT_SCRIPT)],
    },
    to,
    feeRate: 6,
    network: NETWORK,
  });
}

/** The maker wallet outputs the deposit makes, which the listings spend. */
function depositedOutputs(): Utxo[] {
  return buildDeposit(MAKER).deposited;
}

export function depositPayload(to: ScriptWallet = MAKER): LaunchPsbtPayload {
  const built = buildDeposit(to);
  const inscriptionInputs = new Set(built.layout.inscriptionIndices);
  return {
    id: 'deposit-0',
    kind: 'deposit',
    psbt: bytesToBase64(built.psbt),
    inputsToSign: built.layout.inputs.map((_, index) => ({
      index,
      address: inscriptionInputs.has(index) ? ACCOUNT.ordinalsAddress : ACCOUNT.paymentAddress,
    })),
  };
}

/** A phase's listing of the deposited outputs at `price`, 1% fee, paid to `payTo`. */
export function listingPayload(
  id: string,
  price: bigint,
  { payTo = ACCOUNT.paymentAddress, tamper }: { payTo?: string; tamper?: 'sighash-all' } = {},
): LaunchPsbtPayload {
  const { psbt } = buildListingPsbt({
    items: depositedOutputs().map((utxo) => ({
      inscriptionUtxo: {
        ...utxo,
        script: MAKER.script,
        publicKey: PAYMENT_KEY,
        witnessScript: MAKER.witnessScript,
      },
      price,
      payoutAddress: payTo,
    })),
    makerFeeBps: 100,
    network: NETWORK,
  });
  const inputs = parsePsbt(psbt).inputsLength;
  return {
    id,
    kind: 'listing',
    psbt: bytesToBase64(psbt),
    inputsToSign: Array.from({ length: inputs }, (_, index) => ({
      index,
      address: ACCOUNT.paymentAddress,
      sighash: tamper === 'sighash-all' ? 0x01 : SELLER_SIGHASH,
    })),
  };
}

const batch = (
  id: string,
  phaseId: string,
  kind: PsbtBatch['kind'],
  batchNumber: number,
  status: PsbtBatch['status'],
): PsbtBatch => ({
  id,
  status,
  phase_id: phaseId,
  batch_number: batchNumber,
  inscription_count: INSCRIPTIONS.length,
  kind,
});

/** GET info of the launch: `signed` lists the batches already signed. */
export function launchInfo(
  status: LaunchpadInfo['status'],
  signed: readonly string[] = [],
  failedReason: string | null = null,
): LaunchpadInfo {
  const state = (id: string) => (signed.includes(id) ? 'signed' : 'pending');
  const phase = (
    id: string,
    n: number,
    isPublic: boolean,
    price: bigint,
    psbts: PsbtBatch[],
  ): LaunchPhase => ({
    id,
    launchpad_id: LAUNCH_ID,
    name: isPublic ? 'Public Sale' : 'Whitelist Sale',
    phase_number: n,
    start_date: 1_893_492_000 + n * 86_400,
    end_date: 1_893_499_200 + n * 86_400,
    // As the server marks them: signed once its batches are, all active with the launch.
    status:
      status === 'active'
        ? 'active'
        : psbts.length > 0 && psbts.every((b) => b.status === 'signed')
          ? 'signed'
          : 'pending',
    total_inscriptions: INSCRIPTIONS.length,
    remaining_inscriptions: INSCRIPTIONS.length,
    is_public: isPublic,
    price: price.toString(),
    allocation: isPublic ? null : 2,
    psbts,
  });
  const isPrepared = status !== 'initializing' && status !== 'failed';
  return {
    id: LAUNCH_ID,
    slug: SLUG,
    status,
    total_inscriptions: INSCRIPTIONS.length,
    failed_reason: failedReason,
    phases: [
      phase(
        'phase-wl',
        1,
        false,
        WL_PRICE,
        isPrepared
          ? [
              batch('deposit-0', 'phase-wl', 'deposit', 0, state('deposit-0')),
              batch('wl-listing-1', 'phase-wl', 'listing', 1, state('wl-listing-1')),
            ]
          : [],
      ),
      phase(
        'phase-public',
        2,
        true,
        PUBLIC_PRICE,
        isPrepared
          ? [batch('public-listing-0', 'phase-public', 'listing', 0, state('public-listing-0'))]
          : [],
      ),
    ],
  };
}
