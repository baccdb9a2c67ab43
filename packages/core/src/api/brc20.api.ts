import { z } from 'zod';

/**
 * The BRC-20 token layer's read API (ADR 015), answered from our own index. Token amounts travel
 * as decimal strings printed with exactly the ticker's decimals, as OPI prints them
 * ("21000000.000000000000000000" for 18, "5" for 0): never JSON numbers, never floats.
 * Ticks in paths are matched case-insensitively; `tick` is the lower-cased identity and
 * `originalTick` the deploy's casing.
 */

export const BRC20_TOKENS_PAGE_SIZE = 20;
export const BRC20_TOKEN_SORTS = ['holders', 'minted', 'deploy_height'] as const;
export type Brc20TokenSort = (typeof BRC20_TOKEN_SORTS)[number];

const limit = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(fallback);
const offset = z.coerce
  .number()
  .int('offset must be a whole number')
  .min(0, 'offset must not be negative')
  .default(0);

/** A token amount as OPI prints it: digits, and a dot with exactly `decimals` digits when > 0. */
const tokenAmount = z.string().regex(/^\d+(\.\d+)?$/);

// GET /api/brc20/tokens?search=&sort=&order=&limit=&offset=
export const Brc20TokensQuerySchema = z.object({
  search: z.string().trim().max(20, 'search is too long').optional(),
  sort: z
    .enum(BRC20_TOKEN_SORTS, { error: 'sort must be holders, minted or deploy_height' })
    .default('holders'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
  limit: limit(100, BRC20_TOKENS_PAGE_SIZE),
  offset,
});
export type Brc20TokensQuery = z.input<typeof Brc20TokensQuerySchema>;

export const Brc20TokenSchema = z.object({
  tick: z.string(),
  originalTick: z.string(),
  decimals: z.number().int(),
  maxSupply: tokenAmount,
  limitPerMint: tokenAmount,
  mintedSupply: tokenAmount,
  burnedSupply: tokenAmount,
  /** maxSupply − mintedSupply. */
  remainingSupply: tokenAmount,
  /** mintedSupply / maxSupply in percent, two decimals ("37.50"). */
  mintProgress: z.string(),
  /** Addresses (pkscripts) with a non-zero overall balance. */
  holders: z.number().int(),
  selfMint: z.boolean(),
  deployInscriptionId: z.string(),
  deployHeight: z.number().int(),
  deployTime: z.string().nullable(),
  deployerAddress: z.string().nullable(),
});
export type Brc20Token = z.infer<typeof Brc20TokenSchema>;
export const Brc20TokensPayloadSchema = z.object({
  tokens: z.array(Brc20TokenSchema),
  total: z.number().int(),
});
export type Brc20TokensPayload = z.infer<typeof Brc20TokensPayloadSchema>;
// GET /api/brc20/tokens/{tick}: payload { token: Brc20Token } (404 'Token {tick} is not deployed').
export const Brc20TokenPayloadSchema = z.object({ token: Brc20TokenSchema });

// GET /api/brc20/tokens/{tick}/holders?limit=&offset= (sorted by overall balance, descending)
export const Brc20PageQuerySchema = z.object({ limit: limit(100, BRC20_TOKENS_PAGE_SIZE), offset });
export const Brc20HolderSchema = z.object({
  /** null for a script without an address on this network. */
  address: z.string().nullable(),
  pkscript: z.string(),
  overall: tokenAmount,
  available: tokenAmount,
  transferable: tokenAmount,
});
export const Brc20HoldersPayloadSchema = z.object({
  holders: z.array(Brc20HolderSchema),
  total: z.number().int(),
});
export type Brc20HoldersPayload = z.infer<typeof Brc20HoldersPayloadSchema>;

// GET /api/brc20/balances/{address}: every ticker the address has or had a balance of.
export const Brc20BalanceSchema = z.object({
  tick: z.string(),
  originalTick: z.string(),
  decimals: z.number().int(),
  /** available + transferable. */
  overall: tokenAmount,
  available: tokenAmount,
  transferable: tokenAmount,
  /** Transfer-inscribes of this tick seen in the mempool: shown, never counted above. */
  pendingTransferable: tokenAmount,
});
export type Brc20BalanceRow = z.infer<typeof Brc20BalanceSchema>;
export const Brc20BalancesPayloadSchema = z.object({
  address: z.string(),
  balances: z.array(Brc20BalanceSchema),
});
export type Brc20BalancesPayload = z.infer<typeof Brc20BalancesPayloadSchema>;

// GET /api/brc20/balances/{address}/transferable?tick=: the address's transfer inscriptions.
export const Brc20TransferableSchema = z.object({
  inscriptionId: z.string(),
  tick: z.string(),
  originalTick: z.string(),
  amount: tokenAmount,
  /** Height of the transfer-inscribe; null while it is still in the mempool. */
  height: z.number().int().nullable(),
  /** 'confirmed' usable; 'pending' inscribed in the mempool; 'sending' its move is in the mempool. */
  state: z.enum(['confirmed', 'pending', 'sending']),
  /** 'txid:vout' of the output holding it (null while pending). */
  outpoint: z.string().nullable(),
});
export type Brc20Transferable = z.infer<typeof Brc20TransferableSchema>;
export const Brc20TransferablesPayloadSchema = z.object({
  address: z.string(),
  transferables: z.array(Brc20TransferableSchema),
});
export type Brc20TransferablesPayload = z.infer<typeof Brc20TransferablesPayloadSchema>;

// GET /api/brc20/tokens/{tick}/activity and /api/brc20/balances/{address}/activity?limit=&offset=
export const Brc20ActivitySchema = z.object({
  type: z.enum(['deploy-inscribe', 'mint-inscribe', 'transfer-inscribe', 'transfer-transfer']),
  inscriptionId: z.string(),
  tick: z.string(),
  originalTick: z.string(),
  /** The deployer, minter or sender. */
  fromAddress: z.string().nullable(),
  /** transfer-transfer: the receiver; null when sent as fee, 'burned' shown by `burned`. */
  toAddress: z.string().nullable(),
  burned: z.boolean(),
  amount: tokenAmount.nullable(),
  height: z.number().int(),
  blockTime: z.string(),
});
export type Brc20Activity = z.infer<typeof Brc20ActivitySchema>;
export const Brc20ActivityPayloadSchema = z.object({
  events: z.array(Brc20ActivitySchema),
  total: z.number().int(),
});
export type Brc20ActivityPayload = z.infer<typeof Brc20ActivityPayloadSchema>;

// OPI-compatible hashes (answered in OPI's own shape, not our envelope):
// GET /v1/brc20/get_hash_of_all_activity?block_height=N → { error: null, result: { cumulative_event_hash, block_event_hash, indexer_version, block_height } }
// GET /v1/brc20/get_hash_of_all_current_balances → { error: null, result: { current_balances_hash, indexer_version, block_height } }

// Sending a transfer inscription (the second step of a BRC-20 transfer), in our envelope:
// POST /api/brc20/transfer/prepare builds the PSBT that moves the inscription to `toAddress`
// (fee paid from the payment address); POST /api/brc20/transfer/send checks the signed PSBT is
// that one and broadcasts it.
export const Brc20SendPrepareBodySchema = z.object({
  inscriptionId: z.string().regex(/^[0-9a-f]{64}i\d+$/, 'inscriptionId must be an inscription id'),
  toAddress: z.string().trim().min(1, 'toAddress is required'),
  ordinalAddress: z.string().trim().min(1, 'ordinalAddress is required'),
  ordinalPublicKey: z.string().trim().min(1, 'ordinalPublicKey is required'),
  paymentAddress: z.string().trim().min(1, 'paymentAddress is required'),
  paymentPublicKey: z.string().trim().min(1, 'paymentPublicKey is required'),
  feeRate: z.number().min(1, 'feeRate must be at least 1 sat/vB'),
});
export const Brc20SendPreparePayloadSchema = z.object({
  psbt: z.string(),
  /** Input indices the wallet signs with the ordinals key and with the payment key. */
  ordinalInputs: z.array(z.number().int()),
  paymentInputs: z.array(z.number().int()),
  networkFee: z.string(),
});
export type Brc20SendPreparePayload = z.infer<typeof Brc20SendPreparePayloadSchema>;
export const Brc20SendBodySchema = z.object({
  signedPsbt: z.string().min(1, 'signedPsbt is required'),
});
export const Brc20SendPayloadSchema = z.object({ txid: z.string() });
