import { z } from 'zod';
import {
  base64Psbt as psbt,
  publicKeyHex as publicKey,
  requiredText as address,
} from './wire-fields.ts';
import { MIN_PRICE_SATS } from '../price-rules.ts';

/**
 * Trading calls of product.md#market-calls "Listings" with the bodies it names (ADR 007). PSBTs
 * travel as base64; sats as decimal strings in answers, and as whole numbers or decimal strings in
 * bodies.
 */

const uuid = (field: string) => z.uuid(`${field} must be a listing id`);
const ids = (field: string) =>
  z
    .array(uuid(field), { error: `${field} must be a list of listing ids` })
    .min(1, `${field} must not be empty`)
    .max(20, `${field} may hold at most 20 listings`)
    .refine((list) => new Set(list).size === list.length, `${field} must not repeat a listing`);

/** `min` sats (1 by default) … 21M BTC; a JSON number must be a safe integer, a string whole digits. */
const MAX_SATS = 2_100_000_000_000_000n;
export const priceSats = (field: string, min = 1n) =>
  z
    .union(
      [
        z.number().int(`${field} must be a whole number of sats`),
        z
          .string()
          .trim()
          .regex(/^\d{1,16}$/, `${field} must be a whole number of sats`),
      ],
      {
        error: `${field} must be a whole number of sats`,
      },
    )
    .transform((v) => BigInt(v))
    .refine(
      (v) => v >= min && v <= MAX_SATS,
      `${field} must be between ${min === 1n ? '1 sat' : `${min} sats`} and 21,000,000 BTC`,
    );

/** A listing's price: at least the price input's minimum, on the wire as in the forms. */
const listingPrice = (field: string) => priceSats(field, MIN_PRICE_SATS);

const outpoint = z
  .string({ error: 'utxo is required' })
  .trim()
  .regex(/^[0-9a-fA-F]{64}:\d{1,6}$/, "utxo must read 'txid:vout'")
  .transform((s) => s.toLowerCase());

/** sat/vB, fractional allowed; the server caps it (a PSBT above the cap is refused). */
export const feeRateSchema = z
  .number({ error: 'feeRate must be a number of sat/vB' })
  .min(1, 'feeRate must be at least 1 sat/vB')
  .max(10_000, 'feeRate must be at most 10000 sat/vB');

// POST /api/listings/protected/create
export const CreateListingBodySchema = z.object({
  makerPaymentAddress: address('makerPaymentAddress'),
  makerPaymentPublicKey: publicKey('makerPaymentPublicKey'),
  makerOrdinalPublicKey: publicKey('makerOrdinalPublicKey'),
  makerOrdinalAddress: address('makerOrdinalAddress'),
  utxos: z
    .array(z.object({ utxo: outpoint, price: listingPrice('price') }), {
      error: 'utxos must be a list',
    })
    .min(1, 'utxos must not be empty')
    .max(20, 'utxos may hold at most 20 inscriptions')
    .refine(
      (list) => new Set(list.map((u) => u.utxo)).size === list.length,
      'utxos must not repeat a utxo',
    ),
});
export type CreateListingBody = z.input<typeof CreateListingBodySchema>;
export const CreateListingPayloadSchema = z.object({
  psbt: z.string(),
  listingIds: z.array(z.string()),
  /** Input i is listing i's inscription; the wallet signs these with SIGHASH 0x83. */
  inputsToSign: z.array(
    z.object({ index: z.number().int(), address: z.string(), sighash: z.number().int() }),
  ),
});
export type CreateListingPayload = z.infer<typeof CreateListingPayloadSchema>;

// PUT /api/listings/protected/confirm
export const ConfirmListingBodySchema = z.object({
  listingIds: ids('listingIds'),
  signedPSBT: psbt('signedPSBT'),
});
export const ConfirmListingPayloadSchema = z.object({ listingIds: z.array(z.string()) });

// DELETE /api/listings/protected/delist/prepare
export const PrepareDelistBodySchema = z.object({
  makerPaymentAddress: address('makerPaymentAddress'),
  makerPaymentPublicKey: publicKey('makerPaymentPublicKey'),
  listingId: uuid('listingId'),
  feeRate: feeRateSchema.optional(),
});
export const PrepareDelistPayloadSchema = z.object({
  psbt: z.string(),
  inputsToSign: z.array(
    z.object({
      index: z.number().int(),
      address: z.string(),
      sighash: z.number().int().optional(),
    }),
  ),
  fee: z.string(),
});

// PUT /api/listings/protected/delist/confirm
export const ConfirmDelistBodySchema = z.object({
  listingId: uuid('listingId'),
  signedPSBT: psbt('signedPSBT'),
  makerPaymentAddress: address('makerPaymentAddress'),
});
export const ConfirmDelistPayloadSchema = z.object({ txId: z.string() });

// DELETE /api/listings/protected/delistOffchain: signedMessage signs 'cancel {listingId}'.
export const DelistOffchainBodySchema = z.object({
  listingId: uuid('listingId'),
  signedMessage: z
    .string({ error: 'signedMessage is required' })
    .trim()
    .min(1, 'signedMessage is required')
    .max(2000, 'signedMessage is too long'),
});
export const DelistOffchainPayloadSchema = z.object({ listingId: z.string() });
export const cancelListingMessage = (listingId: string) => `cancel ${listingId}`;

// POST /api/listings/protected/relist: without signedPsbt it answers the PSBT to sign at the new
// price; with it, it verifies the signature and changes the price.
export const RelistBodySchema = z.object({
  makerPaymentAddress: address('makerPaymentAddress'),
  makerPaymentPublicKey: publicKey('makerPaymentPublicKey'),
  makerOrdinalPublicKey: publicKey('makerOrdinalPublicKey'),
  price: listingPrice('price'),
  listingId: uuid('listingId'),
  signedPsbt: psbt('signedPsbt').optional(),
});
export const RelistPayloadSchema = z.object({
  psbt: z.string(),
  listingId: z.string(),
  inputsToSign: z.array(
    z.object({ index: z.number().int(), address: z.string(), sighash: z.number().int() }),
  ),
  /** True once the signed PSBT was verified and the new price is live. */
  confirmed: z.boolean(),
});

// POST /api/listings/protected/createOffer and /api/listings/legacy/createOffer
export const CreateOfferBodySchema = z.object({
  ids: ids('ids'),
  takerPaymentAddress: address('takerPaymentAddress'),
  takerPaymentPublicKey: publicKey('takerPaymentPublicKey'),
  takerOrdinalAddress: address('takerOrdinalAddress'),
  feeRate: feeRateSchema,
  /** True when payment and ordinals addresses are the same wallet address. */
  satScan: z.boolean().default(false),
});
export type CreateOfferBody = z.input<typeof CreateOfferBodySchema>;

const inputsToSign = z.array(z.object({ index: z.number().int(), address: z.string() }));
/** What the buyer pays, so the wallet screen and our review dialog can show it before signing. */
export const PurchaseQuoteSchema = z.object({
  /** Σ listing prices. */
  price: z.string(),
  networkFee: z.string(),
  platformFee: z.string(),
  /** vsize of the purchase (plus the setup when one is chained). */
  vsize: z.number().int(),
  feeRate: z.number(),
  /** price + platform fee + network fee + new padding + postage − what comes back as change. */
  total: z.string(),
  takerOrdinalAddress: z.string(),
  /** Per item: the output index that receives it, at offset 0. */
  items: z.array(
    z.object({
      listingId: z.string(),
      inscriptionId: z.string(),
      price: z.string(),
      outputIndex: z.number().int(),
    }),
  ),
});
export type PurchaseQuote = z.infer<typeof PurchaseQuoteSchema>;
export const CreateOfferPayloadSchema = z.object({
  psbt: z.string(),
  inputsToSign,
  /** Present for a buyer without padding: a split chained in front, signed in the same session. */
  setupPsbt: z.string().nullable(),
  setupInputsToSign: inputsToSign,
  quote: PurchaseQuoteSchema,
});
export type CreateOfferPayload = z.infer<typeof CreateOfferPayloadSchema>;

// PUT /api/listings/protected/submitOffer and /api/listings/legacy/submitOffer
export const SubmitOfferBodySchema = z.object({
  ids: ids('ids'),
  signedPSBTBase64: psbt('signedPSBTBase64'),
  signedSetupPSBTBase64: psbt('signedSetupPSBTBase64').optional(),
  takerPaymentAddress: address('takerPaymentAddress'),
  takerOrdinalAddress: address('takerOrdinalAddress'),
});
export type SubmitOfferBody = z.input<typeof SubmitOfferBodySchema>;
export const SubmitOfferPayloadSchema = z.object({
  txId: z.string(),
  setupTxId: z.string().nullable(),
});

// ── Order records (product.md#records): POST /api/orders, GET /api/orders
// ───────────────────────────
export const ORDER_TYPES = [
  'BuyListing',
  'ListInscription',
  'PreinscribeMint',
  'EditionsMint',
  'AuctionBid',
  'generic',
] as const;
export const OrderRecordBodySchema = z.object({
  source: z.string().trim().min(1, 'source is required').max(50),
  type: z.enum(ORDER_TYPES, { error: `type must be one of ${ORDER_TYPES.join(', ')}` }),
  orderId: z.string().trim().min(1, 'orderId is required').max(200),
  address: address('address'),
  count: z.number().int().min(1, 'count must be at least 1').max(10_000).default(1),
  txid: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'txid must be 64 hex characters')
    .optional(),
  inscriptionId: z
    .string()
    .regex(/^[0-9a-f]{64}i\d+$/, 'Invalid inscription ID format.')
    .optional(),
  auctionId: z.uuid('auctionId must be an auction id').optional(),
  psbt: psbt('psbt').optional(),
});
export type OrderRecordBody = z.input<typeof OrderRecordBodySchema>;
export const OrderRecordSchema = z.object({
  id: z.string(),
  source: z.string(),
  type: z.enum(ORDER_TYPES),
  orderId: z.string(),
  address: z.string(),
  date: z.string(),
  rewardState: z.string(),
  userId: z.string(),
  count: z.number().int(),
  txid: z.string().nullable(),
  inscriptionId: z.string().nullable(),
  auctionId: z.string().nullable(),
});
export type OrderRecord = z.infer<typeof OrderRecordSchema>;

// ── Live market events on /api/shared/events (fed by PostgreSQL LISTEN/NOTIFY) ───────────────
/** event: trade: a trade_history row changed (filter with ?orderIds=a,b). */
export const TradeEventSchema = z.object({
  orderId: z.string(),
  tradeStatus: z.string(),
  txId: z.string().nullable(),
  inscriptionId: z.string(),
  collectionSlug: z.string().nullable(),
});
export type TradeEvent = z.infer<typeof TradeEventSchema>;
/** event: listing: an orderbook row changed status or price. */
export const ListingEventSchema = z.object({
  listingId: z.string(),
  inscriptionId: z.string(),
  status: z.string(),
  price: z.string(),
  collectionSlug: z.string().nullable(),
});
export type ListingEvent = z.infer<typeof ListingEventSchema>;
