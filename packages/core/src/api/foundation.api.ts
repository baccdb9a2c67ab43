import { z } from 'zod';

/**
 * Request and response schemas of the foundation's endpoints, shared by the server (validation)
 * and the web app (typed client). Amounts in sats are decimal strings on the wire.
 */

export const NetworkSchema = z.enum(['mainnet', 'testnet', 'signet', 'regtest']);
export type Network = z.infer<typeof NetworkSchema>;

const address = z.string().trim().min(1, 'address is required').max(100, 'address is too long');

// POST /api/auth/challenge
export const AuthChallengeBodySchema = z.object({ address });
export const AuthChallengePayloadSchema = z.object({ message: z.string(), expiresAt: z.string() });
export type AuthChallengePayload = z.infer<typeof AuthChallengePayloadSchema>;

// POST /api/auth/verify
export const AuthVerifyBodySchema = z.object({
  address,
  publicKey: z
    .string()
    .regex(
      /^([0-9a-fA-F]{64}|[0-9a-fA-F]{66}|[0-9a-fA-F]{130})$/,
      'publicKey must be a hex public key',
    ),
  signature: z.string().trim().min(1, 'signature is required').max(10_000, 'signature is too long'),
});
export type AuthVerifyBody = z.infer<typeof AuthVerifyBodySchema>;
export const AuthVerifyPayloadSchema = z.object({
  token: z.string(),
  address: z.string(),
  expiresAt: z.string(),
});
export type AuthVerifyPayload = z.infer<typeof AuthVerifyPayloadSchema>;

// GET /api/health
const IndexedHeight = z.number().int().nullable();
export const HealthPayloadSchema = z.object({
  db: z.enum(['pglite', 'postgres']),
  network: NetworkSchema,
  /** The chain source's tip. */
  blockHeight: z.number().int(),
  /**
   * How far each of our indexes has followed the chain (null: it holds no block, as beside an
   * outside source): a lag between these and blockHeight is the index catching up.
   */
  indexed: z.object({ inscriptions: IndexedHeight, brc20: IndexedHeight, runes: IndexedHeight }),
});
export type HealthPayload = z.infer<typeof HealthPayloadSchema>;

// GET /api/config: what the web app needs to know about this deployment at run time.
export const ConfigPayloadSchema = z.object({
  network: NetworkSchema,
  /** The Dev wallet, faucet and mine buttons exist on regtest only. */
  devTools: z.boolean(),
  productName: z.string(),
  /** The utility token's BRC-20 ticker (PRODUCT_TICKER), as deployed. */
  productTicker: z.string(),
  /** Base of the inscription service (POST {base}/inscribe, GET {base}/order?id=, POST {base}/price). */
  inscriptionServiceUrl: z.string(),
  tokenUrl: z.string(),
  inscribeUrl: z.string(),
  /** Origin serving /content when kept apart from the app's (CONTENT_ORIGIN); '' for the app's own. */
  contentOrigin: z.string(),
  /** The platform's fee in basis points of a sale, taken from the seller's payout. */
  platformFeeBps: z.number().int().min(0).max(10_000),
  /** Where purchases pay the platform fee; '' when there is none. The buy review pins it. */
  platformFeeAddress: z.string(),
  /** The highest fee rate in sat/vB the server builds a transaction at (MAX_FEE_RATE). */
  maxFeeRate: z.number().positive(),
  /** Whether users can connect an X account here (X_CLIENT_ID is set); 'Connect X' only then. */
  xConnect: z.boolean(),
  /** A transaction's page is this and its txid: the network's explorer, or our /tx/ (regtest). */
  explorerTxUrl: z.string(),
});
export type ConfigPayload = z.infer<typeof ConfigPayloadSchema>;

// GET /api/shared/address/{address}/balance
export const AddressBalancePayloadSchema = z.object({
  confirmed: z.string(),
  unconfirmed: z.string(),
});
export type AddressBalancePayload = z.infer<typeof AddressBalancePayloadSchema>;

// POST /api/dev/faucet (regtest only)
export const FaucetBodySchema = z.object({
  address,
  amountSats: z
    .union([z.string().regex(/^\d+$/, 'amountSats must be a whole number'), z.number().int()])
    .transform((v) => BigInt(v))
    .refine((v) => v >= 546n, 'amountSats must be at least 546 (dust)')
    .refine((v) => v <= 100_000_000n * 10n, 'amountSats must be at most 10 BTC'),
});
export const FaucetPayloadSchema = z.object({ txid: z.string() });

// POST /api/dev/mine (regtest only)
export const MineBodySchema = z.object({
  blocks: z
    .number()
    .int('blocks must be a whole number')
    .min(1, 'blocks must be at least 1')
    .max(1000, 'blocks must be at most 1000'),
});
export const MinePayloadSchema = z.object({
  blockHashes: z.array(z.string()),
  height: z.number().int(),
});

// POST /api/dev/auctions/{slug}/end (regtest only): an active auction ends now, so a story need
// not wait out the hour an auction lasts at least (product.md#constants-and-limits).
export const DevAuctionParamsSchema = z.object({
  slug: z.string().trim().min(1, 'slug is required').max(100, 'slug is too long'),
});
export const EndAuctionPayloadSchema = z.object({
  slug: z.string(),
  /** The new end, UTC seconds as the auction's end_date. */
  endDate: z.number().int(),
});
export type EndAuctionPayload = z.infer<typeof EndAuctionPayloadSchema>;
