import { z } from 'zod';

/**
 * The BRC-20 swap (product.md#errors, ADR 017): DotSwap's Swap V2 calls, served by us. Field
 * names are DotSwap's (snake_case) so a client of theirs reads ours; the envelope is theirs:
 * `{ code, msg, data, req_id }`, code 0 on success. Amounts travel as decimal strings in the
 * coin's own unit: BTC in BTC with at most 8 decimals ("0.00150000"), a BRC-20 token with at most
 * its decimals (OPI's printing). Fee percentages are fractions ("0.004" = 0.4 %), as DotSwap's;
 * the slippage (`slipper`) is in percent ("0.5" = 0.5 %), at most SWAP_MAX_SLIPPAGE_PERCENT.
 */

export const BRC20SWAP_PATH = '/brc20swap';
/** DotSwap's documented cap on `slipper`. */
export const SWAP_MAX_SLIPPAGE_PERCENT = 12;
/** How long a PSBT of get_swap_psbt may take to come back signed (DotSwap: 30 s). */
export const SWAP_ORDER_TTL_SECONDS = 30;

/** The envelope's `code`: 0, or what went wrong (DotSwap's own code for a missing pair). */
export const SWAP_CODES = {
  ok: 0,
  badRequest: 40_000,
  pairNotFound: 10_180_005,
  insufficientLiquidity: 10_180_010,
  insufficientFunds: 10_180_011,
  slippageExceeded: 10_180_012,
  checksumMismatch: 10_180_013,
  orderNotFound: 10_180_020,
  orderExpired: 10_180_021,
  psbtMismatch: 10_180_022,
  broadcastRefused: 10_180_023,
} as const;
export type SwapCode = (typeof SWAP_CODES)[keyof typeof SWAP_CODES];

export const SWAP_COIN_TYPES = ['btc', 'brc20'] as const;
export type SwapCoinType = (typeof SWAP_COIN_TYPES)[number];

/** Any of our answers: `data` is null exactly when `code` is not 0. */
export function swapEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    data: data.nullable(),
    req_id: z.string(),
  });
}

const coinType = (field: string) =>
  z.enum(SWAP_COIN_TYPES, { error: `${field} must be btc or brc20` });
/** A tick as the user typed it (matched case-insensitively); 'btc' for the coin type btc. */
const tick = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(20, `${field} is too long`);
/** A decimal amount string; its decimals are checked against the coin when the pair is known. */
const amount = (field: string) =>
  z
    .string({ error: `${field} must be a decimal string` })
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${field} must be a decimal string such as "12.5"`);
const slipper = z
  .string({ error: 'slipper must be a percentage string' })
  .trim()
  .regex(/^\d+(\.\d{1,3})?$/, 'slipper must be a percentage such as "0.5"')
  .refine(
    (s) => Number(s) <= SWAP_MAX_SLIPPAGE_PERCENT,
    `slipper must be at most ${SWAP_MAX_SLIPPAGE_PERCENT}`,
  );
const address = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);

const pair = {
  send_coin_type: coinType('send_coin_type'),
  send_tick: tick('send_tick'),
  receive_coin_type: coinType('receive_coin_type'),
  receive_tick: tick('receive_tick'),
};

// POST /brc20swap/swap_pools_info (and its alias swap_info), polled every 7 s.
export const SwapPoolsInfoBodySchema = z.object({
  ...pair,
  /** The user's address for their balances; '0' when nobody is connected (DotSwap). */
  address: address('address'),
});
export type SwapPoolsInfoBody = z.input<typeof SwapPoolsInfoBodySchema>;

export const SwapPoolsInfoSchema = z.object({
  /** tick1 is the send side, tick2 the receive side. */
  tick1: z.string(),
  tick2: z.string(),
  /** The reserves on the route's ends, swaps in flight included. */
  tick1_volume: z.string(),
  tick2_volume: z.string(),
  /** Spot prices, before fees and impact. */
  tick1_per_tick2: z.string(),
  tick2_per_tick1: z.string(),
  /** Buying the token with BTC. */
  platform_service_fee_percent: z.string(),
  liquider_service_fee_percent: z.string(),
  /** Selling the token for BTC. */
  platform_service_fee_sell_percent: z.string(),
  liquider_service_sell_percent: z.string(),
  /** The pools a swap goes through: ['btc', 'ordi'], or ['ordi', 'btc', 'sats'] routed. */
  route: z.array(z.string()),
  /** A routed pair's two pools, in route order, with their reserves (the page quotes on them). */
  legs: z
    .array(
      z.object({
        tick: z.string(),
        decimals: z.number().int(),
        btc_volume: z.string(),
        tick_volume: z.string(),
      }),
    )
    .optional(),
  /**
   * The token amounts the pool has ready as transfer inscriptions (its ladder) and how many of
   * each: buying exactly one of them settles in one transaction.
   */
  ladder: z.array(z.object({ amount: z.string(), ready: z.number().int() })).optional(),
  max_slipper: z.string(),
  order_ttl_seconds: z.number().int(),
  /** The user's spendable balances of each side; null without an address. */
  send_balance: z.string().nullable(),
  receive_balance: z.string().nullable(),
});
export type SwapPoolsInfo = z.infer<typeof SwapPoolsInfoSchema>;

// POST /brc20swap/get_swap_psbt_txsize: the swap's size and the inputs it will take.
export const SwapTxSizeBodySchema = z.object({
  ...pair,
  send_amount: amount('send_amount'),
  receive_amount: amount('receive_amount'),
  /** Which amount the user typed: the other is computed ('send' by default). */
  exact_side: z
    .enum(['send', 'receive'], { error: 'exact_side must be send or receive' })
    .default('send'),
  /** The payment address; with a two-address wallet the ordinals address is `ordinals_address`. */
  address: address('address'),
  ordinals_address: address('ordinals_address').optional(),
  slipper,
  fee_rate: z
    .number({ error: 'fee_rate must be a number' })
    .positive('fee_rate must be positive')
    .max(10_000, 'fee_rate is too high'),
  /** Transfer inscriptions the user sends (selling a token); empty when paying with BTC. */
  ins: z.array(z.string().regex(/^[0-9a-f]{64}i\d+$/, 'ins: not an inscription id')).default([]),
  method: z
    .enum(['swap', 'pools_swap'], { error: 'method must be swap or pools_swap' })
    .default('pools_swap'),
});
export type SwapTxSizeBody = z.input<typeof SwapTxSizeBodySchema>;

const vin = z.object({ txid: z.string(), vout: z.number().int(), value: z.string() });

export const SwapTxSizeSchema = z.object({
  /** The virtual size of the transaction the user will sign (the network fee is this × rate). */
  tx_size: z.number().int(),
  /** Sats on the transfer inscriptions sent (they travel to the pool with them). */
  ins_contain_sats: z.string(),
  /** Binds this answer to get_swap_psbt: the same pair, amounts, inputs and rate, or refused. */
  checksum: z.string(),
  /** The user's payment coins the swap will spend. */
  vins: z.array(vin),
  usr_cnt: z.number().int(),
  network_fee: z.string(),
  send_amount: z.string(),
  receive_amount: z.string(),
  /** receive_amount less the slippage: the least the PSBT may pay. */
  min_receive: z.string(),
  /** In percent, two decimals. */
  price_impact: z.string(),
});
export type SwapTxSize = z.infer<typeof SwapTxSizeSchema>;

// POST /brc20swap/get_swap_psbt: the order and the PSBT to sign within SWAP_ORDER_TTL_SECONDS.
export const SwapPsbtBodySchema = SwapTxSizeBodySchema.extend({
  /** `pubkey`, or `payment_pubkey:ordinals_pubkey` for a two-address wallet (DotSwap). */
  user_public_key: z
    .string({ error: 'user_public_key is required' })
    .regex(
      /^[0-9a-f]{64,66}(:[0-9a-f]{64,66})?$/,
      'user_public_key must be hex, or two joined by :',
    ),
  tx_size: z.number().int().positive(),
  checksum: z.string().min(1, 'checksum is required'),
  vins: z.array(vin),
  usr_cnt: z.number().int().min(0),
  /** A channel tag, recorded with the order. */
  chl: z.string().max(40).optional(),
});
export type SwapPsbtBody = z.input<typeof SwapPsbtBodySchema>;

export const SwapPsbtSchema = z.object({
  order_id: z.string(),
  /** Base64, as every PSBT of our API. */
  psbt: z.string(),
  /** The wallet signs only (never finalizes, never broadcasts): the pool signs after it. */
  check_sign_only: z.boolean(),
  inputs_to_sign: z.array(z.object({ index: z.number().int(), address: z.string() })),
  expires_at: z.string(),
  send_amount: z.string(),
  receive_amount: z.string(),
  min_receive: z.string(),
  platform_fee: z.string(),
  lp_fee: z.string(),
  network_fee: z.string(),
  /**
   * A buy's transfer inscription: 'ladder' when one the pool keeps ready (one transaction),
   * 'inscribed' when the pool inscribes it to order just before the swap (network_fee counts
   * those two transactions too). Either way the user pays the commit and reveal fees.
   */
  transfer: z.enum(['ladder', 'inscribed']).optional(),
});
export type SwapPsbt = z.infer<typeof SwapPsbtSchema>;

// POST /brc20swap/send_swap_psbt.
export const SendSwapPsbtBodySchema = z.object({
  order_id: z.string({ error: 'order_id is required' }).trim().min(1, 'order_id is required'),
  psbt: z.string({ error: 'psbt is required' }).trim().min(1, 'psbt is required'),
});
export type SendSwapPsbtBody = z.input<typeof SendSwapPsbtBodySchema>;

export const SWAP_ORDER_STATES = [
  /** Built, waiting for the signed PSBT until expires_at. */
  'quoted',
  /** Signed by both and broadcast. */
  'pending',
  /** Mined. */
  'confirmed',
  /** Our index shows the transfer to its receiver. */
  'completed',
  /** Double spent by its payer, or refused by the node. */
  'failed',
  /** Not signed in time. */
  'expired',
] as const;
export type SwapOrderState = (typeof SWAP_ORDER_STATES)[number];

export const SendSwapPsbtSchema = z.object({
  order_id: z.string(),
  tx_id: z.string(),
  state: z.enum(SWAP_ORDER_STATES),
});
export type SendSwapPsbt = z.infer<typeof SendSwapPsbtSchema>;

// GET /brc20swap/order?order_id=: one order as it stands, for the page that tracks it.
export const SwapOrderQuerySchema = z.object({
  order_id: z.string({ error: 'order_id is required' }).trim().min(1, 'order_id is required'),
});

export const SwapOrderSchema = z.object({
  order_id: z.string(),
  state: z.enum(SWAP_ORDER_STATES),
  /** 'buy': BTC → token; 'sell': token → BTC; 'route': tick → receive_tick through BTC. */
  direction: z.enum(['buy', 'sell', 'route']),
  tick: z.string(),
  /** A route's second tick, the one received. */
  receive_tick: z.string().optional(),
  send_amount: z.string(),
  receive_amount: z.string(),
  min_receive: z.string(),
  platform_fee: z.string(),
  lp_fee: z.string(),
  network_fee: z.string(),
  /** The swap's transaction; for a buy off the pool's shelf, the pool's commit and reveal first. */
  tx_id: z.string(),
  tx_ids: z.array(z.string()),
  /** The transfer inscription that changes hands (on a route, the one the user receives). */
  inscription_id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Why a failed order failed. */
  error: z.string().nullable(),
});
export type SwapOrder = z.infer<typeof SwapOrderSchema>;

// GET /brc20swap/pools: every pool (ours: one per tick against BTC), for the pair picker.
export const SwapPoolSummarySchema = z.object({
  tick: z.string(),
  decimals: z.number().int(),
  /** The pool's reserves, in BTC and in the token, swaps in flight included. */
  btc_volume: z.string(),
  tick_volume: z.string(),
  /** BTC per token at the spot price. */
  price_btc: z.string(),
  pool_address: z.string(),
});
export type SwapPoolSummary = z.infer<typeof SwapPoolSummarySchema>;
export const SwapPoolListSchema = z.array(SwapPoolSummarySchema);
