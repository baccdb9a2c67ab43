import { z } from 'zod';

/**
 * Our inscription service (ADR 016): the spec's "external inscription service"
 * (product.md#market-calls), served by the product itself in the shape of OrdinalsBot's
 * direct-inscription API (ADR 016): POST {base}/inscribe creates an order, GET {base}/order?id=
 * reads it, POST {base}/price quotes it. Answers are the order object itself (OrdinalsBot's shape,
 * no envelope); a refusal is HTTP 4xx `{ status: 'error', error }`. Sats are decimal strings.
 */

/** Where this server answers the service when INSCRIPTION_SERVICE_URL is empty. */
export const INSCRIPTION_SERVICE_PATH = '/api/inscription-service';
/** One order inscribes at most this many files or mints (UniSat's cap for BRC-20 mint orders). */
export const INSCRIBE_MAX_COUNT = 1000;
/** An unpaid order expires after this long. */
export const INSCRIBE_ORDER_TTL_SECONDS = 30 * 60;

/** One order state machine (research §"What a team should build" 2), OrdinalsBot's names where they exist. */
export const INSCRIBE_ORDER_STATES = [
  'waiting-payment',
  'payment-seen',
  'payment-confirmed',
  'inscribing',
  'completed',
  'underpaid',
  'expired',
  'refunding',
  'refunded',
  'error',
] as const;
export type InscribeOrderState = (typeof INSCRIBE_ORDER_STATES)[number];

const feeRate = z
  .number({ error: 'fee must be a number of sat/vB' })
  .min(1, 'fee must be at least 1 sat/vB')
  .max(10_000, 'fee must be at most 10000 sat/vB');

export const InscribeFileSchema = z.object({
  name: z.string().trim().min(1, 'file name is required').max(200, 'file name is too long'),
  /** Content type, e.g. 'text/plain;charset=utf-8'. */
  type: z.string().trim().min(1, 'file type is required').max(200, 'file type is too long'),
  /** data:{type};base64,… */
  dataURL: z.string().min(1, 'file dataURL is required'),
});

export const Brc20MintRequestSchema = z.object({
  tick: z.string().min(1, 'tick is required'),
  /** Amount per mint as a decimal string (never a JSON number: BRC-20 ignores those). */
  amt: z.string().regex(/^\d+(\.\d+)?$/, 'amt must be a decimal amount such as "1000"'),
  count: z
    .number({ error: 'count must be a whole number' })
    .int('count must be a whole number')
    .min(1, 'count must be at least 1')
    .max(INSCRIBE_MAX_COUNT, `count must be at most ${INSCRIBE_MAX_COUNT}`),
});

// POST {base}/inscribe and POST {base}/price: either files or a BRC-20 mint.
export const InscribeRequestSchema = z
  .object({
    files: z.array(InscribeFileSchema).max(INSCRIBE_MAX_COUNT).optional(),
    brc20: Brc20MintRequestSchema.optional(),
    receiveAddress: z.string().trim().min(1, 'receiveAddress is required'),
    fee: feeRate,
    /** Where a refund goes (the paying address when absent: read from the payment). */
    refundAddress: z.string().trim().optional(),
  })
  .refine((b) => (b.files?.length ?? 0) > 0 !== (b.brc20 !== undefined), {
    message: 'Send either files or a brc20 mint',
  });
export type InscribeRequest = z.input<typeof InscribeRequestSchema>;

export const PriceSchema = z.object({
  /** Commit + reveal fees at the chosen rate, from their real vsizes. */
  chainFee: z.string(),
  commitVsize: z.number().int(),
  revealVsize: z.number().int(),
  serviceFee: z.string(),
  baseFee: z.string(),
  /** 546 per inscription. */
  postage: z.string(),
  count: z.number().int(),
  /** What the charge asks: chainFee + serviceFee + baseFee + postage. */
  amount: z.string(),
  totalFee: z.string(),
  feeRate: z.number(),
});
export type Price = z.infer<typeof PriceSchema>;

export const InscribeOrderFileSchema = z.object({
  name: z.string(),
  type: z.string(),
  inscriptionId: z.string().nullable(),
  tx: z.object({ commit: z.string().nullable(), reveal: z.string().nullable() }).nullable(),
  /** BRC-20 mints: what the index made of it once mined. */
  brc20: z
    .object({
      status: z.enum(['pending', 'valid', 'clipped', 'invalid']),
      /** Amount credited (clipped amount when clipped); null until known. */
      amount: z.string().nullable(),
    })
    .nullable(),
});

export const InscribeOrderSchema = z.object({
  id: z.string(),
  state: z.enum(INSCRIBE_ORDER_STATES),
  /** 'edition': an edition order of a launch (ADR 011), one reveal of mint-count delegates. */
  orderType: z.enum(['direct', 'brc20', 'edition']),
  /** Exists from creation (our charge address is the commit address). */
  charge: z.object({ address: z.string(), amount: z.string() }),
  receiveAddress: z.string(),
  feeRate: z.number(),
  chainFee: z.string(),
  serviceFee: z.string(),
  baseFee: z.string(),
  postage: z.string(),
  brc20: z.object({ tick: z.string(), amt: z.string(), count: z.number().int() }).nullable(),
  files: z.array(InscribeOrderFileSchema),
  paid: z.boolean(),
  underpaid: z.boolean(),
  expired: z.boolean(),
  /** The payment txid, once seen. */
  paymentTxid: z.string().nullable(),
  refund: z.object({ txid: z.string(), amount: z.string() }).nullable(),
  error: z.string().nullable(),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
});
export type InscribeOrder = z.infer<typeof InscribeOrderSchema>;

// Paying the charge from the connected wallet (our extension of the OrdinalsBot surface):
// POST {base}/payment-psbt builds the PSBT that pays the order's charge from the payer's coins;
// the web app shows it for review, the wallet signs it, POST {base}/pay checks that it pays
// exactly the charge and broadcasts it. Both answer the OrdinalsBot way (no envelope).
export const PaymentPsbtRequestSchema = z.object({
  id: z.string().min(1, 'id is required'),
  paymentAddress: z.string().trim().min(1, 'paymentAddress is required'),
  paymentPublicKey: z.string().trim().min(1, 'paymentPublicKey is required'),
  feeRate: feeRate,
});
export const PaymentPsbtSchema = z.object({
  psbt: z.string(),
  /** Inputs the payer signs. */
  inputsToSign: z.array(z.number().int()),
  /** The payment transaction's own fee. */
  networkFee: z.string(),
  amount: z.string(),
  chargeAddress: z.string(),
});
export type PaymentPsbt = z.infer<typeof PaymentPsbtSchema>;
export const PayRequestSchema = z.object({
  id: z.string().min(1, 'id is required'),
  signedPsbt: z.string().min(1, 'signedPsbt is required'),
});
