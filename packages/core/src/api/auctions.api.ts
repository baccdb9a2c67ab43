import { z } from 'zod';
import type { BitcoinNetwork } from '@om/bitcoin';
import {
  AUCTION_MIN_START_PRICE_SATS,
  AUCTION_TOO_LONG,
  AUCTION_TOO_SHORT,
  END_TIME_BEFORE_START_TIME,
  MAX_AUCTION_END_SECONDS,
  MIN_AUCTION_DURATION_SECONDS,
  RESERVE_PRICE_NEGATIVE,
  START_PRICE_MIN,
} from '../auction-details.ts';
import { auctionInfoSchema } from '../auction-info.ts';
import { InscriptionIdSchema } from '../inscription-id.ts';
import { slugSchema } from '../slug.ts';
import { feeRateSchema, priceSats } from './trade.api.ts';
import {
  base64Psbt as psbt,
  compressedKeyHex as compressedKey,
  publicKeyHex as anyKey,
  requiredText as address,
} from './wire-fields.ts';

export {
  AUCTION_CANCELED,
  AUCTION_ENDED,
  AUCTION_HAS_BIDS,
  AUCTION_MIN_INCREMENT_BPS,
  AUCTION_MIN_INCREMENT_SATS,
  AUCTION_NOT_OPEN,
  AUCTION_NOT_STARTED,
  AUCTION_WITHDRAWN,
  auctionFloor,
  auctionHoldsInscription,
  auctionTiming,
  auctionTimingError,
  BID_ALREADY_PLACED,
  BID_COINS_TAKEN,
  BID_NEEDS_FUNDS,
  BID_NEEDS_PADDING,
  BID_NEEDS_WALLET,
  COINS_BACK_A_BID,
  bidAmountError,
  bidBelowMinimum,
  bidIncrement,
  higherBidPlaced,
  minimumBid,
  ONLY_SELLER_CANCELS,
  SELLER_CANNOT_BID,
  type AuctionPrices,
  type AuctionTiming,
} from '../auction-bids.ts';

/**
 * English auctions with a reserve (product.md#records, #creator-calls "Auction",
 * product.md#market-calls "Auctions"; ADR 012, ADR 012). Every call answers { success, payload |
 * error, errors[{ msg }] }; the web shows the first errors[].msg. Sats travel as decimal strings,
 * dates as UTC seconds.
 *
 * 1. POST /api/launchpad/auctions/create (signed in) answers two PSBTs that the seller's wallet
 *    signs in one go: `psbtBase64`, the deposit of the inscription into the seller's maker wallet
 *    (ADR 009; inputs makerOrdinalInputIndices signed by userOrdinalAddress, makerPaymentInputIndices
 *    by userPaymentAddress, SIGHASH_ALL), and `settlementPsbtBase64`, one input spending that
 *    deposit's output, signed SIGHASH_SINGLE|ANYONECANPAY (0x83) by userPaymentAddress's key: the
 *    seller's payout at the floor (max(startPrice, reservePrice) less the platform fee, plus the
 *    inscription output's value).
 * 2. PUT /api/launchpad/auctions/confirm broadcasts the deposit and keeps the 0x83 signature on the
 *    server (it is never answered to anyone): the auction is 'active', bids open at startDate.
 * 3. POST /api/launchpad/auctions/{slug}/bid (signed in) builds the whole settlement transaction
 *    for that bid, funded from the bidder's multisig wallet (2 paddings plus funding coins); the
 *    bidder signs `inputsToSign` (SIGHASH_ALL) and sends it to
 *    PUT /api/launchpad/auctions/{slug}/bid/{bidId}, after which the bid stands as the highest and
 *    its coins are reserved until it is outbid.
 * 4. After endDate the server settles the highest bid that still can be (co-signing the seller's
 *    and the bidder's inputs) or marks the auction 'unsold'.
 * 5. DELETE /api/launchpad/auctions/{slug} (the seller, signed in) cancels it while nobody has bid;
 *    the inscription stays in the maker wallet until withdrawn (withdrawal-inscriptions, which is
 *    refused while the auction takes bids).
 */

export const AUCTION_STATUSES = [
  'pending_signature',
  'pending',
  'active',
  'settled',
  'unsold',
  'canceled',
  'failed',
  // The escrowed item left the maker wallet outside a settlement (the seller's 144-block path).
  'withdrawn',
] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

/**
 * 'pending_signature': built, not signed yet; 'standing': the highest bid; 'outbid': a higher bid
 * stands (its coins are free again); 'won': settled; 'invalid': it could not settle (its coins gone).
 */
export const AUCTION_BID_STATUSES = [
  'pending_signature',
  'standing',
  'outbid',
  'won',
  'invalid',
] as const;
export type AuctionBidStatus = (typeof AUCTION_BID_STATUSES)[number];

/** A create request may start this long before the server's clock (the form works in minutes). */
export const AUCTION_START_SLACK_SECONDS = 600;

const seconds = (field: string) =>
  z
    .number({ error: `${field} must be a date in UTC seconds` })
    .int(`${field} must be a date in UTC seconds`)
    .min(0, `${field} must be a date in UTC seconds`);

const outpoint = z
  .string({ error: 'utxo is required' })
  .trim()
  .regex(/^[0-9a-fA-F]{64}:\d{1,6}$/, "utxo must read 'txid:vout'")
  .transform((s) => s.toLowerCase());

/** Whole sats as a JSON number or a decimal string; 0 allowed (a reserve of 0 is none). */
const optionalSats = (field: string, negative: string) =>
  z
    .union([
      z.number().int(`${field} must be a whole number of sats`),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,16}$/, `${field} must be a whole number of sats`),
    ])
    .transform((v) => BigInt(v))
    .refine((v) => v >= 0n, negative);

// POST /api/launchpad/auctions/create: product.md#records "Auction request payload", plus an
// optional feeRate for the deposit (the node's estimate when absent). endDate at most 12 hours from
// the server's clock `now` (seconds): the escrow must outlast the auction (ADR 012).
export function createAuctionBodySchema(
  network: BitcoinNetwork,
  now: () => number = () => Math.floor(Date.now() / 1000),
) {
  return z
    .object({
      utxo: outpoint,
      startPrice: priceSats('startPrice').refine(
        (v) => v >= AUCTION_MIN_START_PRICE_SATS,
        START_PRICE_MIN,
      ),
      reservePrice: optionalSats('reservePrice', RESERVE_PRICE_NEGATIVE).optional(),
      userPaymentAddress: address('userPaymentAddress'),
      /** The payment key: U of the seller's maker wallet, so it must be compressed. */
      userPublicKey: compressedKey('userPublicKey'),
      userOrdinalAddress: address('userOrdinalAddress'),
      userOrdinalPublicKey: anyKey('userOrdinalPublicKey'),
      startDate: seconds('startDate'),
      endDate: seconds('endDate'),
      slug: slugSchema(),
      meta: auctionInfoSchema(network).extend({ inscription_id: InscriptionIdSchema }),
      feeRate: feeRateSchema.optional(),
    })
    .superRefine((body, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', message, path: [path] });
      if (body.endDate <= body.startDate) issue('endDate', END_TIME_BEFORE_START_TIME);
      else if (body.endDate - body.startDate < MIN_AUCTION_DURATION_SECONDS) {
        issue('endDate', AUCTION_TOO_SHORT);
      } else if (body.endDate > now() + MAX_AUCTION_END_SECONDS) issue('endDate', AUCTION_TOO_LONG);
      if (body.meta.slug !== body.slug) issue('meta.slug', 'meta.slug must be the auction slug');
    });
}
export type CreateAuctionBody = z.input<ReturnType<typeof createAuctionBodySchema>>;

const inputsToSign = z.array(
  z.object({ index: z.number().int(), address: z.string(), sighash: z.number().int() }),
);

export const CreateAuctionPayloadSchema = z.object({
  auction_id: z.string(),
  /** The deposit into the maker wallet (base64). */
  psbtBase64: z.string(),
  /** Deposit inputs signed by userOrdinalAddress: the inscription. */
  makerOrdinalInputIndices: z.array(z.number().int()),
  /** Deposit inputs signed by userPaymentAddress: the fee. */
  makerPaymentInputIndices: z.array(z.number().int()),
  /** The deposit's txid (known before signing: every input is segwit). */
  depositTxid: z.string(),
  /** The maker wallet's output to sell, signed 0x83 (base64). */
  settlementPsbtBase64: z.string(),
  settlementInputsToSign: inputsToSign,
});
export type CreateAuctionPayload = z.infer<typeof CreateAuctionPayloadSchema>;

// PUT /api/launchpad/auctions/confirm: product.md#creator-calls's auctionId and signedPSBT, plus
// the signed settlement PSBT.
export const ConfirmAuctionBodySchema = z.object({
  auctionId: z.uuid('auctionId must be an auction id'),
  signedPSBT: psbt('signedPSBT'),
  signedSettlementPSBT: psbt('signedSettlementPSBT'),
});
export type ConfirmAuctionBody = z.input<typeof ConfirmAuctionBodySchema>;
export const ConfirmAuctionPayloadSchema = z.object({
  auctionId: z.string(),
  status: z.literal('active'),
  /** The deposit's txid, broadcast. */
  txId: z.string(),
});
export type ConfirmAuctionPayload = z.infer<typeof ConfirmAuctionPayloadSchema>;

export const AuctionBidSchema = z.object({
  id: z.string(),
  amount: z.string(),
  bidder_ordinal_address: z.string(),
  /** When it was placed (UTC seconds). */
  time: z.number().int(),
  status: z.enum(AUCTION_BID_STATUSES),
});
export type AuctionBid = z.infer<typeof AuctionBidSchema>;

// GET /api/launchpad/auctions/{slug}: the auction page (product.md#wizard-screens /auction/{slug}).
export const AuctionSchema = z.object({
  id: z.string(),
  slug: z.string(),
  status: z.enum(AUCTION_STATUSES),
  inscription_id: z.string(),
  /** The inscription's content type, when the indexer knows it. */
  content_type: z.string().nullable(),
  /** Where the inscription waits: the maker wallet's output ('txid:vout'); the seller's own before confirm. */
  utxo: z.string(),
  maker_wallet_address: z.string().nullable(),
  seller_ordinal_address: z.string(),
  start_price: z.string(),
  reserve_price: z.string().nullable(),
  start_date: z.number().int(),
  end_date: z.number().int(),
  highest_bid: z.string().nullable(),
  /** What the next bid must be at least (bidAmountError's rule). */
  minimum_bid: z.string(),
  /** Newest first; pending signatures are left out. */
  bids: z.array(AuctionBidSchema),
  deposit_txid: z.string().nullable(),
  settlement_txid: z.string().nullable(),
  meta: z.looseObject({}),
});
export type Auction = z.infer<typeof AuctionSchema>;

// GET /api/launchpad/auctions?status=&limit=&offset= (product.md#walk-through-fixes item 4): live
// (taking bids) ending soonest first, upcoming starting soonest first, ended (settled, unsold,
// withdrawn, or past its end and waiting to settle) ended last first. Unsigned, failed and
// canceled auctions are not listed.
export const AUCTION_LIST_STATUSES = ['live', 'upcoming', 'ended'] as const;
export type AuctionListStatus = (typeof AUCTION_LIST_STATUSES)[number];
export const AUCTIONS_PAGE_SIZE = 20;
export const AuctionsQuerySchema = z.object({
  status: z
    .enum(AUCTION_LIST_STATUSES, { error: 'status must be live, upcoming or ended' })
    .default('live'),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(AUCTIONS_PAGE_SIZE),
  offset: z.coerce
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
});
export type AuctionsQuery = z.input<typeof AuctionsQuerySchema>;
export const AuctionSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  status: z.enum(AUCTION_STATUSES),
  inscription_id: z.string(),
  content_type: z.string().nullable(),
  /** The auction's title (its information's name), else null. */
  name: z.string().nullable(),
  start_price: z.string(),
  highest_bid: z.string().nullable(),
  /** UTC seconds. */
  start_date: z.number().int(),
  end_date: z.number().int(),
});
export type AuctionSummary = z.infer<typeof AuctionSummarySchema>;
export const AuctionsPayloadSchema = z.object({
  auctions: z.array(AuctionSummarySchema),
  total: z.number().int(),
});
export type AuctionsPayload = z.infer<typeof AuctionsPayloadSchema>;

// DELETE /api/launchpad/auctions/{slug}: the seller cancels an auction nobody has bid on.
export const CancelAuctionPayloadSchema = z.object({
  auctionId: z.string(),
  status: z.literal('canceled'),
});
export type CancelAuctionPayload = z.infer<typeof CancelAuctionPayloadSchema>;

// GET /api/launchpad/auctions/check-slug/{slug}: { id } when taken ('Auction slug is already
// taken.'), null when free.
export const AuctionSlugCheckSchema = z.object({ id: z.string() }).nullable();

// POST /api/launchpad/auctions/{slug}/bid. bidderPublicKey is U of the bidder's multisig wallet
// (their payment key); bidderOrdinalAddress receives the inscription if the bid wins.
export const PlaceBidBodySchema = z.object({
  amount: priceSats('amount'),
  bidderPublicKey: compressedKey('bidderPublicKey'),
  bidderOrdinalAddress: address('bidderOrdinalAddress'),
  feeRate: feeRateSchema,
});
export type PlaceBidBody = z.input<typeof PlaceBidBodySchema>;
export const PlaceBidPayloadSchema = z.object({
  bidId: z.string(),
  /** The settlement transaction of this bid (base64); only the bidder's inputs are to sign. */
  psbt: z.string(),
  inputsToSign,
  /** The minimum bid when it was built. */
  minimumBid: z.string(),
  /** The network fee the bidder pays on top of the amount. */
  networkFee: z.string(),
  /**
   * What leaves the bidder's multisig wallet if the bid wins: the amount, the inscription
   * output's postage (it goes to bidderOrdinalAddress) and the network fee.
   */
  total: z.string(),
});
export type PlaceBidPayload = z.infer<typeof PlaceBidPayloadSchema>;

// PUT /api/launchpad/auctions/{slug}/bid/{bidId}
export const ConfirmBidBodySchema = z.object({ signedPsbt: psbt('signedPsbt') });
export type ConfirmBidBody = z.input<typeof ConfirmBidBodySchema>;
export const ConfirmBidPayloadSchema = z.object({
  bidId: z.string(),
  status: z.literal('standing'),
  amount: z.string(),
  /** The minimum of the next bid. */
  minimumBid: z.string(),
});
export type ConfirmBidPayload = z.infer<typeof ConfirmBidPayloadSchema>;
