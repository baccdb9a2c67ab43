import {
  buildAuctionBid,
  bytesToBase64,
  makerFee,
  parsePsbt,
  type BuiltAuctionBid,
} from '@om/bitcoin';
import type { Auction, AuctionBid, PlaceBidPayload } from '@om/core';
import { detailsOf } from '../../test/edition-test-fixtures.ts';
import { coin, NETWORK } from '../../test/multisig-test-fixtures.ts';
import {
  BUYER_MULTISIG,
  BUYER_ORDINALS,
  BUYER_PAYMENT,
  listedItem,
  PLATFORM,
  SELLER,
  SELLER_MAKER,
  THIEF,
} from '../../test/trade-test-fixtures.ts';
import type { WalletAccount } from '../wallet/wallet.types.ts';

// An auction of one inscription by the trade fixtures' seller, waiting in their maker wallet, and
// bids by their buyer from the buyer's multisig wallet, built with packages/bitcoin's
// buildAuctionBid as the server builds them (ADR 012).

export const AUCTION_ID = '6a2f4c1e-3b5d-4e7f-9a0b-1c2d3e4f5a6b';
export const SLUG = 'rock-auction';
export const BID_ID = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const INSCRIPTION_ID = `${'a7'.repeat(32)}i0`;
/** The seller's maker wallet output holding the inscription, at offset 0. */
export const MAKER_OUTPOINT = `${'d7'.repeat(32)}:0`;
export const SETTLEMENT_TXID = 'e7'.repeat(32);
const START_PRICE = 20_000n;
const RESERVE_PRICE = 30_000n;
const PLATFORM_FEE_BPS = 100;
export const BIDDER: WalletAccount = {
  id: 'dev',
  paymentAddress: BUYER_PAYMENT.address,
  paymentPublicKey: BUYER_PAYMENT.publicKeyHex,
  ordinalsAddress: BUYER_ORDINALS.address,
  ordinalsPublicKey: BUYER_ORDINALS.publicKeyHex,
};
/** The bidder's multisig wallet, which pays every bid. */
export const BIDDER_MULTISIG = BUYER_MULTISIG;

const now = () => Math.floor(Date.now() / 1000);

export function bidRow(overrides: Partial<AuctionBid> = {}): AuctionBid {
  return {
    id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
    amount: '40000',
    bidder_ordinal_address: 'bcrt1p8wpt9v4frpf3tkn0srd97pksgsxc5hs52lafxwru9kgeephvs7rqjeprhg',
    time: now() - 600,
    status: 'standing',
    ...overrides,
  };
}

/** GET /api/launchpad/auctions/{slug}: live for another day unless told. */
export function auctionPayload(overrides: Partial<Auction> = {}): Auction {
  return {
    id: AUCTION_ID,
    slug: SLUG,
    status: 'active',
    inscription_id: INSCRIPTION_ID,
    content_type: 'image/png',
    utxo: MAKER_OUTPOINT,
    maker_wallet_address: SELLER_MAKER.address,
    seller_ordinal_address: SELLER.address,
    start_price: START_PRICE.toString(),
    reserve_price: RESERVE_PRICE.toString(),
    start_date: now() - 3_600,
    end_date: now() + 86_400,
    highest_bid: null,
    minimum_bid: RESERVE_PRICE.toString(),
    bids: [],
    deposit_txid: 'd7'.repeat(32),
    settlement_txid: null,
    meta: {
      name: 'Rock Auction',
      slug: SLUG,
      description: 'One rock, to the highest bidder, on regtest.',
      creator_name: 'Hal',
      inscription_id: INSCRIPTION_ID,
    },
    ...overrides,
  };
}

/** The indexer's answer about the auctioned inscription: at offset 0 of the maker wallet output. */
export function inscriptionDetails() {
  return {
    ...detailsOf(INSCRIPTION_ID, SELLER_MAKER.address),
    satpoint: `${MAKER_OUTPOINT}:0`,
  };
}

/** The seller's signed floor: the maker wallet output, paid at the reserve less 1%. */
function floorListing() {
  return listedItem(
    {
      listingId: AUCTION_ID,
      inscriptionId: INSCRIPTION_ID,
      outpoint: MAKER_OUTPOINT,
      price: RESERVE_PRICE,
    },
    true,
  );
}

export type BidTamper = 'inscription-elsewhere' | 'sign-seller' | 'quote-less';

/**
 * What POST …/bid answers for a bid of `amount` at 6 sat/vB: the whole settlement, funded by
 * BIDDER's multisig wallet (2 paddings and a 200,000-sat coin), 1% to PLATFORM; `tamper` edits it
 * as a compromised server might.
 */
export function placedBid(amount = 40_000n, tamper?: BidTamper): PlaceBidPayload {
  const built: BuiltAuctionBid = buildAuctionBid({
    listing: floorListing(),
    bidder: {
      wallet: BIDDER_MULTISIG,
      ordinalAddress: BIDDER.ordinalsAddress,
      paddings: [
        coin(0xa1, 1_000n, BIDDER_MULTISIG.script),
        coin(0xa2, 1_000n, BIDDER_MULTISIG.script),
      ],
      utxos: [coin(0xb1, 200_000n, BIDDER_MULTISIG.script)],
    },
    amount,
    platformFee: { address: PLATFORM.address, value: makerFee(amount, PLATFORM_FEE_BPS) },
    feeRate: 6,
    network: NETWORK,
  });
  const tx = parsePsbt(built.psbt);
  if (tamper === 'inscription-elsewhere') tx.updateOutput(1, { script: THIEF.script });
  const { layout } = built;
  const signed = [...layout.paddingIndices, ...layout.fundingIndices];
  if (tamper === 'sign-seller') signed.push(layout.sellerIndex);
  return {
    bidId: BID_ID,
    psbt: bytesToBase64(tx.toPSBT()),
    inputsToSign: signed.map((index) => ({ index, address: BIDDER.paymentAddress, sighash: 1 })),
    minimumBid: RESERVE_PRICE.toString(),
    networkFee: built.fee.toString(),
    total: (tamper === 'quote-less' ? built.paid - 5_000n : built.paid).toString(),
  };
}
