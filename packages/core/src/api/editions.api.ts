import { z } from 'zod';
import { feeRateSchema } from './trade.api.ts';
import { base64Psbt, publicKeyHex, requiredText as address } from './wire-fields.ts';

/**
 * Minting editions (product.md#market-calls "Launch mint and offers", ADR 011). Each edition is a
 * delegate inscription (ord tag 11) of the launch's original, inscribed on demand by our
 * inscription service: the buyer's PSBT pays the commit output (the order's charge address) with
 * the price, the platform fee, the reveal's fee and one postage per edition; the reveal, signed by
 * a platform key, sends each edition to the buyer's ordinals address and the price to the creator.
 */

/** One edition order holds at most this many editions (one reveal transaction). */
export const EDITION_MINT_MAX_COUNT = 20;
/**
 * The value of each edition's output: the spec's minimum output (dust)
 * (product.md#constants-and-limits).
 */
export const EDITION_POSTAGE = 546n;
/**
 * An unpaid order gives its editions back after this long: what signing needs, no more
 * (product.md#trust-findings finding 3: a longer hold is inventory kept from real buyers).
 */
export const EDITION_ORDER_TTL_SECONDS = 2 * 60;

export const EDITION_ORDER_STATUSES = [
  /** Editions reserved, waiting for the payment of the charge address. */
  'awaiting_payment',
  /** The payment is in the mempool or a block; the reveal is broadcast next. */
  'paid',
  /** The reveal is broadcast: the editions are on their way. */
  'inscribed',
  /** No payment in time: the editions went back. */
  'expired',
  /** A payment that could not be inscribed (too little, or sold out meanwhile): to refund. */
  'refund_due',
  /** The refund is built and being broadcast. */
  'refunding',
  /** The refund is broadcast to the taker's payment address. */
  'refunded',
] as const;
export type EditionOrderStatus = (typeof EDITION_ORDER_STATUSES)[number];

const mintCount = z
  .number({ error: 'mintCount must be a whole number' })
  .int('mintCount must be a whole number')
  .min(1, 'mintCount must be at least 1')
  .max(EDITION_MINT_MAX_COUNT, `mintCount must be at most ${EDITION_MINT_MAX_COUNT}`);

// POST /api/launchpad/editions/price: what minting mintCount editions costs now.
export const EditionPriceBodySchema = z.object({
  id: z.uuid('id must be a launchpad id'),
  mintCount,
  feeRate: feeRateSchema,
});
export type EditionPriceBody = z.input<typeof EditionPriceBodySchema>;

/** Sats as decimal strings. total = price × count + platformFee + networkFee + postage × count. */
export const EditionQuoteSchema = z.object({
  mintCount: z.number().int(),
  /** One edition's price. */
  unitPrice: z.string(),
  /** unitPrice × mintCount, paid to the creator. */
  price: z.string(),
  platformFee: z.string(),
  /** The reveal's fee at feeRate (the commit's own fee is the PSBT's, shown by its review). */
  networkFee: z.string(),
  /** EDITION_POSTAGE × mintCount: the value each edition sits on. */
  postage: z.string(),
  total: z.string(),
  feeRate: z.number(),
  remainingEditions: z.number().int(),
});
export type EditionQuote = z.infer<typeof EditionQuoteSchema>;

// POST /api/launchpad/editions/mint: creates the order (editions reserved for
// EDITION_ORDER_TTL_SECONDS) and the PSBT that pays its charge address.
export const EditionMintBodySchema = z.object({
  id: z.uuid('id must be a launchpad id'),
  mintCount,
  takerOrdinalAddress: address('takerOrdinalAddress'),
  takerPaymentAddress: address('takerPaymentAddress'),
  takerPaymentPublicKey: publicKeyHex('takerPaymentPublicKey'),
  feeRate: feeRateSchema,
});
export type EditionMintBody = z.input<typeof EditionMintBodySchema>;
export const EditionMintPayloadSchema = z.object({
  orderId: z.string(),
  /** The commit address: any payment of `amount` to it is inscribed (the PSBT is one such). */
  chargeAddress: z.string(),
  amount: z.string(),
  psbt: z.string(),
  inputsToSign: z.array(
    z.object({
      index: z.number().int(),
      address: z.string(),
      sighash: z.number().int().optional(),
    }),
  ),
  quote: EditionQuoteSchema,
  expiresAt: z.string(),
});
export type EditionMintPayload = z.infer<typeof EditionMintPayloadSchema>;

// POST /api/launchpad/editions/mint/submit: the signed payment; the commit and the reveal are
// checked by testmempoolaccept and broadcast together.
export const EditionMintSubmitBodySchema = z.object({
  orderId: z.uuid('orderId must be an order id'),
  signedPsbt: base64Psbt('signedPsbt', 400_000),
});
export type EditionMintSubmitBody = z.input<typeof EditionMintSubmitBodySchema>;

// GET /api/launchpad/editions/order/{orderId} (and the submit's answer): where the order stands.
export const EditionOrderSchema = z.object({
  orderId: z.string(),
  launchpadId: z.string(),
  status: z.enum(EDITION_ORDER_STATUSES),
  mintCount: z.number().int(),
  chargeAddress: z.string(),
  amount: z.string(),
  takerOrdinalAddress: z.string(),
  commitTxId: z.string().nullable(),
  revealTxId: z.string().nullable(),
  /** The editions' inscription ids (revealTxId i0, i1, …) once revealed. */
  inscriptionIds: z.array(z.string()),
  /** The refund to the taker's payment address, once built ('refunding', 'refunded'). */
  refundTxId: z.string().nullable(),
  expiresAt: z.string(),
});
export type EditionOrder = z.infer<typeof EditionOrderSchema>;
