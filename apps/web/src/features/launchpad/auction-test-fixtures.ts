import {
  buildInscriptionDeposit,
  buildListingPsbt,
  bytesToBase64,
  compressedPublicKey,
  hexToBytes,
  makerFee,
  privateKeyFromHex,
  scriptOfAddress,
  SELLER_SIGHASH,
  type MultisigWallet as ScriptWallet,
} from '@om/bitcoin';
import type { CreateAuctionPayload } from '@om/core';
import {
  ACCOUNT,
  coin,
  MAKER,
  NETWORK,
  PAYMENT_SCRIPT,
  walletInfo,
} from '../../test/multisig-test-fixtures.ts';
import type { AuctionDraft, CreatedAuction } from './auction-draft.ts';
import { reviewAuctionPsbts } from './auction-psbt-review.ts';
import { detailsOf } from '../../test/edition-test-fixtures.ts';

// An auction of one inscription by the Dev wallet of the multisig fixtures, and the real PSBTs
// the server's create would answer for it (ADR 012): the deposit into MAKER and the 0x83 floor.

export const AUCTION_ID = '3c9e7a51-2b4d-4f60-8a1b-5d6e7f809a1b';
const AUCTION_SLUG = 'rock-auction';
const INSCRIPTION_TXID = 'c1'.repeat(32);
export const AUCTION_INSCRIPTION = `${INSCRIPTION_TXID}i0`;
export const AUCTION_UTXO = `${INSCRIPTION_TXID}:0`;
export const AUCTION_DETAILS_PATH = `GET /api/shared/inscriptions/details/${AUCTION_INSCRIPTION}`;
const RESERVE_PRICE = 30_000n;
export const FLOOR = RESERVE_PRICE;
export const POSTAGE = 10_000n;
const ORDINALS_KEY = compressedPublicKey(privateKeyFromHex('11'.repeat(32)));
const PAYMENT_KEY = hexToBytes(ACCOUNT.paymentPublicKey);

/** The indexer's answer: the inscription at offset 0 of AUCTION_UTXO, held by `address`. */
export function auctionInscriptionDetails(address: string | null = ACCOUNT.ordinalsAddress) {
  return { ...detailsOf(AUCTION_INSCRIPTION, address), outputValue: POSTAGE.toString() };
}

export function auctionDraft(overrides: Partial<AuctionDraft> = {}): AuctionDraft {
  return {
    info: {
      name: 'Rock Auction',
      slug: AUCTION_SLUG,
      description: 'One rock, to the highest bidder, on regtest.',
      auction_url: '',
      twitter_link: '',
      discord_link: '',
      telegram_link: '',
      instagram_link: '',
      creator_name: 'Satoshi',
      creator_email: 'satoshi@example.com',
      creator_btc_address: ACCOUNT.paymentAddress,
    },
    details: {
      start_price: '0.0002',
      reserve_price: '0.0003',
      start_date: '2030-01-01',
      start_time: '10:00',
      end_date: '2030-01-01',
      end_time: '20:00',
    },
    inscriptionId: AUCTION_INSCRIPTION,
    utxo: AUCTION_UTXO,
    created: null,
    ...overrides,
  };
}

/**
 * What create answers: the deposit of AUCTION_UTXO into `to` at 6 sat/vB, and the floor listing
 * of the deposited output at `floorPrice` less 1%, paid to `payTo`.
 */
export function createdAuctionPayload({
  to = MAKER,
  floorPrice = FLOOR,
  payTo = ACCOUNT.paymentAddress,
}: { to?: ScriptWallet; floorPrice?: bigint; payTo?: string } = {}): CreateAuctionPayload {
  const deposit = buildInscriptionDeposit({
    inscriptionUtxos: [
      {
        txid: INSCRIPTION_TXID,
        vout: 0,
        value: POSTAGE,
        script: scriptOfAddress(ACCOUNT.ordinalsAddress, NETWORK),
        publicKey: ORDINALS_KEY,
      },
    ],
    payment: {
      address: ACCOUNT.paymentAddress,
      publicKey: PAYMENT_KEY,
      utxos: [coin(0xb2, 100_000n, PAYMENT_SCRIPT)],
    },
    to,
    feeRate: 6,
    network: NETWORK,
  });
  const [deposited] = deposit.deposited;
  if (!deposited) throw new Error('no deposited output');
  const floor = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: {
          ...deposited,
          script: to.script,
          publicKey: to.userPublicKey,
          witnessScript: to.witnessScript,
        },
        price: floorPrice,
        payoutAddress: payTo,
        makerFee: makerFee(floorPrice, 100),
      },
    ],
    network: NETWORK,
  });
  return {
    auction_id: AUCTION_ID,
    psbtBase64: bytesToBase64(deposit.psbt),
    makerOrdinalInputIndices: deposit.layout.inscriptionIndices,
    makerPaymentInputIndices: deposit.layout.paymentIndices,
    depositTxid: deposit.txid,
    settlementPsbtBase64: bytesToBase64(floor.psbt),
    settlementInputsToSign: [
      { index: 0, address: ACCOUNT.paymentAddress, sighash: SELLER_SIGHASH },
    ],
  };
}

/** The auction create answered, as the wizard keeps it after reviewing it. */
export function createdAuction(): CreatedAuction {
  const payload = createdAuctionPayload();
  const review = reviewAuctionPsbts(payload, {
    network: NETWORK,
    wallet: ACCOUNT,
    maker: walletInfo('maker', MAKER),
    utxo: AUCTION_UTXO,
    floor: FLOOR,
    feeRate: 6,
    platformFeeBps: 100,
  });
  return { request: '{}', payload, review, signed: null };
}
