import { z } from 'zod';

/**
 * Sending runes from the wallet (issue 20, docs/product.md#runes): the server builds a PSBT with
 * an edict, the wallet shows what it does and signs, the server checks it is the prepared
 * transaction and broadcasts it. Amounts are decimal strings of base units.
 */

// POST /api/runes/send/prepare (signed in)
export const RuneSendPrepareBodySchema = z.object({
  runeId: z.string().regex(/^\d{1,10}:\d{1,10}$/, "runeId must be a rune id 'block:tx'"),
  amount: z
    .string()
    .regex(/^\d{1,40}$/, 'amount must be a whole number of base units')
    .refine((v) => BigInt(v) > 0n, 'amount must be more than 0'),
  toAddress: z.string().trim().min(1, 'toAddress is required'),
  feeRate: z.number().min(1, 'feeRate must be at least 1 sat/vB'),
  ordinalAddress: z.string().trim().min(1, 'ordinalAddress is required'),
  ordinalPublicKey: z.string().trim().min(1, 'ordinalPublicKey is required'),
  paymentAddress: z.string().trim().min(1, 'paymentAddress is required'),
  paymentPublicKey: z.string().trim().min(1, 'paymentPublicKey is required'),
});
export type RuneSendPrepareBody = z.input<typeof RuneSendPrepareBodySchema>;

export const RuneSendPreparePayloadSchema = z.object({
  /** Base64 PSBT to sign. */
  psbt: z.string(),
  /** Input indices the wallet signs with the ordinals key and with the payment key. */
  ordinalInputs: z.array(z.number().int()),
  paymentInputs: z.array(z.number().int()),
  /** What the review shows before signing. */
  review: z.object({
    runeId: z.string(),
    name: z.string(),
    symbol: z.string().nullable(),
    divisibility: z.number().int(),
    amount: z.string(),
    /** The amount at the rune's divisibility, "12.5". */
    displayAmount: z.string(),
    toAddress: z.string(),
    networkFee: z.string(),
  }),
  /** Proof that the server prepared this transaction: passed back with the signed PSBT. */
  preparedToken: z.string(),
});
export type RuneSendPreparePayload = z.infer<typeof RuneSendPreparePayloadSchema>;

// POST /api/runes/send/submit (signed in)
export const RuneSendSubmitBodySchema = z.object({
  signedPsbt: z.string().min(1, 'signedPsbt is required'),
  preparedToken: z.string().min(1, 'preparedToken is required'),
});
export type RuneSendSubmitBody = z.input<typeof RuneSendSubmitBodySchema>;
export const RuneSendSubmitPayloadSchema = z.object({ txid: z.string() });
export type RuneSendSubmitPayload = z.infer<typeof RuneSendSubmitPayloadSchema>;
