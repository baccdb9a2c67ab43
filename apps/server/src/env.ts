import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, parsed once at start. Nothing else reads process.env.
 * The README's table of environment variables is this schema.
 */
const EnvSchema = z.object({
  /**
   * What this process runs (ADR 022): `all` (the default: API, indexer and workers in one process),
   * `api` (HTTP only; any number), `indexer` (follows the node; one active, the others stand by)
   * or `worker` (the background workers; any number, each worker's pass in one process at a time).
   * Anything but `all` needs DATABASE_URL and the shared secrets.
   */
  RUN_MODE: z.enum(['all', 'api', 'indexer', 'worker']).default('all'),
  /**
   * How often the auctions' sweep looks for ended auctions the job queue has not settled (ADR 023:
   * a safety net behind the job sent for each auction's end); 0 turns it off.
   */
  AUCTION_SWEEP_MS: z.coerce.number().int().min(0).default(3_000),
  /** HTTP port of the API and the web app. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to bind; 0.0.0.0 to accept connections from other machines. */
  HOST: z.string().default('127.0.0.1'),
  /**
   * Behind a reverse proxy: whose X-Forwarded-For to believe, so that rate limits and per-client
   * caps count the client, not the proxy: `true` (every hop) or the proxies' addresses/CIDRs,
   * comma-separated (Fastify's trustProxy). Unset: the socket's address.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | string => (v === undefined ? false : v === 'true' ? true : v)),
  /** Where the embedded database, the regtest node and generated secrets live. */
  DATA_DIR: z.string().default('./data'),
  /** Uploaded images (collection icons), one folder per user; unset, DATA_DIR/uploads. */
  STORAGE_DIR: z.string().optional(),
  /** An S3-compatible bucket for uploads instead of STORAGE_DIR (with the five S3_ settings below). */
  S3_BUCKET: z.string().min(1).optional(),
  /** The S3 API endpoint, e.g. https://s3.eu-west-1.amazonaws.com or an R2/MinIO URL (path-style). */
  S3_ENDPOINT: z.string().url().optional(),
  /** The bucket's region (auto for R2). */
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Where the bucket's objects are read from: its public URL or a CDN's. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** PostgreSQL server to use instead of the embedded PGlite database. */
  DATABASE_URL: z.string().url().optional(),
  /** mainnet, testnet, signet or regtest. With regtest and no BITCOIND_RPC_URL the server runs its own node. */
  BITCOIN_NETWORK: z.enum(['mainnet', 'testnet', 'signet', 'regtest']).default('regtest'),
  /** A bitcoind JSON-RPC endpoint, e.g. http://user:pass@127.0.0.1:8332; replaces the embedded node. */
  BITCOIND_RPC_URL: z.string().url().optional(),
  /** Esplora REST API (e.g. https://mempool.space/api) for address, tx, fee and broadcast data; needed on mainnet and testnet. */
  ESPLORA_URL: z.string().url().optional(),
  /** ord server for inscription data when there is no BITCOIND_RPC_URL (our indexer needs a node). */
  ORD_URL: z.string().url().optional(),
  /** RPC port of the embedded regtest node. */
  BITCOIND_RPC_PORT: z.coerce.number().int().min(1).max(65535).default(18443),
  /** Secret that signs sign-in tokens (at least 32 characters). Generated and kept in DATA_DIR on regtest. */
  JWT_SECRET: z.string().min(32).optional(),
  /** How long a sign-in token lasts, in seconds. */
  AUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(86_400),
  /** Write requests allowed per client address per minute. */
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Stable public reads (collections, listings, activity, inscriptions, BRC-20) per client address per minute. */
  READ_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * Sign-in requests (challenge and verify) per minute for one address being signed in, and for
   * one client address: users behind one IP each have their own allowance
   * (product.md#walk-through-fixes item 25).
   */
  AUTH_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(600),
  /** Open launch mint offers and edition orders one signed-in wallet may hold at once. */
  MAX_OPEN_RESERVATIONS_PER_WALLET: z.coerce.number().int().min(1).default(3),
  /** Open launch mint offers and edition orders one client address may hold at once. */
  MAX_OPEN_RESERVATIONS_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  /** pino log level: fatal, error, warn, info, debug, trace or silent. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built web app served at /. */
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  /**
   * 1: serve the web app as before product.md#scale-and-delivery (no compression, max-age=0), for
   * npm run bench:web.
   */
  WEB_STATIC_PLAIN: z.enum(['0', '1']).default('0'),
  /**
   * Origin serving /content (e.g. https://content.example.com, pointed at this server), so
   * inscriptions never share the app's origin; unset, /content stays on the app's origin, where a
   * `sandbox` CSP still gives every inscription an opaque origin.
   */
  CONTENT_ORIGIN: z.string().url().optional(),
  /**
   * The origin browsers open the app at, e.g. https://market.example.com; sign-in redirects
   * (X's callback) come back here. Unset, http://localhost:PORT.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The product's name, shown in the header and in sign-in messages. */
  PRODUCT_NAME: z.string().default('Ordinals Market'),
  /** The product's utility token: a BRC-20 ticker (4 or 5 bytes), shown in the header. */
  PRODUCT_TICKER: z
    .string()
    .refine((t) => [4, 5].includes(Buffer.byteLength(t)), 'PRODUCT_TICKER must be 4 or 5 bytes')
    .default('omkt'),
  /**
   * XP an address earns per block for each whole PRODUCT_TICKER token it holds (ADR 020): a
   * decimal; the block's XP is rounded down. 0 stops accrual.
   */
  XP_PER_TOKEN_BLOCK: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,9})?$/, 'XP_PER_TOKEN_BLOCK must be a decimal such as 0.01')
    .default('0.01'),
  /** The first block whose holdings earn XP (on a public network: the launch of rewards). */
  XP_START_HEIGHT: z.coerce.number().int().min(0).default(0),
  /**
   * How deep a pool's draw block or a mining cycle's last block must be before its payout is sent
   * (ADR 020); unset: 1 on regtest, 6 elsewhere (rewardConfirmations()).
   */
  REWARD_PAYOUT_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * The payout allowed token list (product.md#market-side, ADR 020): BRC-20 ticks, inscription ids,
   * collection slugs and runes (by id or name) a reward pool may pay besides btc, comma-separated;
   * PRODUCT_TICKER always is.
   */
  REWARD_PAYOUT_ALLOWED_TOKENS: z.string().max(10_000).optional(),
  /** The reward pools' seed file (ADR 020); unset: apps/server/pools/<network>.json. */
  REWARD_POOLS_FILE: z.string().min(1).optional(),
  /** XP each task credits once per address (ADR 020). */
  TASK_XP_FOLLOW_TWITTER: z
    .string()
    .regex(/^\d{1,12}$/, 'TASK_XP_FOLLOW_TWITTER must be a whole number')
    .default('100'),
  TASK_XP_FIRST_TRADE: z
    .string()
    .regex(/^\d{1,12}$/, 'TASK_XP_FIRST_TRADE must be a whole number')
    .default('250'),
  TASK_XP_FIRST_MINT: z
    .string()
    .regex(/^\d{1,12}$/, 'TASK_XP_FIRST_MINT must be a whole number')
    .default('250'),
  /** The product's X account the follow task checks: its id, or its username (resolved by X). */
  PRODUCT_X_USER_ID: z
    .string()
    .regex(/^\d{1,19}$/, 'PRODUCT_X_USER_ID must be an X user id (digits)')
    .optional(),
  PRODUCT_X_USERNAME: z
    .string()
    .regex(/^@?\w{1,15}$/, 'PRODUCT_X_USERNAME must be an X username')
    .optional(),
  /**
   * Base URL of the inscription service the web app orders from (POST {base}/inscribe,
   * GET {base}/order?id=, POST {base}/price); empty: this server's own, at /api/inscription-service.
   */
  INSCRIPTION_SERVICE_URL: z.union([z.literal(''), z.string().url()]).default(''),
  /** The navigation's Token link: empty (the default) is this app's /brc20 token pages. */
  TOKEN_URL: z.union([z.literal(''), z.string().url()]).default(''),
  /** The external Inscribe link of the navigation. */
  INSCRIBE_URL: z.string().url().default('https://ordinals.com/inscribe'),
  /** On regtest, seed the demo market (3 inscribed collections) on first start; 'false' skips it. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Sign-in addresses of the reviewers (ADR 019), comma-separated. Unset on regtest: every
   * signed-in wallet may review, so a Dev wallet can try the queue; unset elsewhere: nobody.
   */
  REVIEWER_ADDRESSES: z.string().optional(),
  /** The platform's fee in basis points of each sale, taken from the seller's payout (100 = 1%). */
  PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(100),
  /** Where platform fees go; required off regtest when PLATFORM_FEE_BPS > 0 (regtest keeps a key in DATA_DIR). */
  PLATFORM_FEE_ADDRESS: z.string().min(14).max(100).optional(),
  /**
   * The inscription service's fee (ADR 016), UniSat's by default: nothing for an order of up to
   * INSCRIBE_FREE_COUNT files, then min(INSCRIBE_FEE_BASE + (n − free) × INSCRIBE_FEE_PER_ITEM,
   * INSCRIBE_FEE_MAX) sats to the platform fee address (none without one).
   */
  INSCRIBE_FREE_COUNT: z.coerce.number().int().min(0).default(20),
  INSCRIBE_FEE_BASE: z.coerce.number().int().min(0).default(3000),
  INSCRIBE_FEE_PER_ITEM: z.coerce.number().int().min(0).default(150),
  INSCRIBE_FEE_MAX: z.coerce.number().int().min(0).default(4999),
  /**
   * Megabytes of collection inscriptions pages each process keeps, answered again while the
   * collection's page version is unchanged (0015_page_versions); 0 computes every page.
   */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Live event streams (GET /api/shared/events) one client address may hold open at once. */
  EVENT_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  /** Live event streams one server process holds open at once, over all clients. */
  EVENT_STREAMS_MAX: z.coerce.number().int().min(1).default(2000),
  /** Seconds an event stream lasts before the server ends it and the browser reconnects. */
  EVENT_STREAM_LIFETIME_SECONDS: z.coerce.number().int().min(1).default(600),
  /**
   * The BRC-20 swap's fees (ADR 017), parts per million of each swap: the liquidity providers'
   * part stays in the pool, the platform's is a BTC output to the platform fee address.
   */
  SWAP_LP_FEE_PPM: z.coerce.number().int().min(0).max(500_000).default(16_000),
  SWAP_PLATFORM_FEE_PPM: z.coerce.number().int().min(0).max(500_000).default(4_000),
  /**
   * Where a transaction id links to: this prefix and the txid (e.g. https://mempool.space/tx/).
   * Unset: mempool.space's for mainnet, testnet and signet, our own /tx/ view on regtest.
   */
  EXPLORER_TX_URL: z.string().url().optional(),
  /** Purchases, delistings and padding setups above this fee rate (sat/vB) are refused. */
  MAX_FEE_RATE: z.coerce.number().positive().max(100_000).default(500),
  /**
   * 64 hex digits from which the platform's multisig keys are derived per user (ADR 009); required
   * off regtest (regtest keeps one in DATA_DIR). Never logged.
   */
  COSIGNER_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits')
    .optional(),
  /**
   * The OAuth 2.0 client id of the app registered with X (its callback: PUBLIC_URL/api/x/callback);
   * unset, creators cannot connect an X account.
   */
  X_CLIENT_ID: z.string().min(1).optional(),
  /** The X app's client secret, for a confidential client (HTTP Basic at the token endpoint). Never logged. */
  X_CLIENT_SECRET: z.string().min(1).optional(),
  /** X's consent page. */
  X_AUTHORIZE_URL: z.url().default('https://x.com/i/oauth2/authorize'),
  /** X's API: /2/oauth2/token and /2/users/me. */
  X_API_URL: z.url().default('https://api.x.com'),
});

export type Env = z.infer<typeof EnvSchema> & {
  /** PUBLIC_URL without a trailing slash, or http://localhost:PORT. */
  publicUrl: string;
  dataDir: string;
  storageDir: string;
  /** Set when S3_BUCKET is: uploads go to that bucket. */
  s3?: S3StorageConfig;
};

/** An S3-compatible bucket (AWS, R2, MinIO, …), addressed path-style: `{endpoint}/{bucket}/{key}`. */
export type S3StorageConfig = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are read from (the bucket's public URL or a CDN in front of it). */
  publicUrl: string;
};

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (FOO=) means unset, as shells and .env files commonly write it.
  const present = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const network = env.BITCOIN_NETWORK;
  if (network !== 'regtest' && !env.BITCOIND_RPC_URL && !(env.ESPLORA_URL && env.ORD_URL)) {
    throw new Error(
      `BITCOIND_RPC_URL, or ESPLORA_URL and ORD_URL, are required on ${network}: the embedded node runs regtest only.`,
    );
  }
  // Our indexer keeps every address's outputs on regtest and signet only (decision 005).
  if ((network === 'mainnet' || network === 'testnet') && !env.ESPLORA_URL) {
    throw new Error(`ESPLORA_URL is required on ${network} for address and transaction data.`);
  }
  if (network !== 'regtest' && env.PLATFORM_FEE_BPS > 0 && !env.PLATFORM_FEE_ADDRESS) {
    throw new Error(`PLATFORM_FEE_ADDRESS is required on ${network} when PLATFORM_FEE_BPS > 0.`);
  }
  if (network !== 'regtest' && !env.COSIGNER_SECRET) {
    throw new Error(`COSIGNER_SECRET is required on ${network}.`);
  }
  if (env.BITCOIN_NETWORK !== 'regtest' && !env.JWT_SECRET) {
    throw new Error(`JWT_SECRET is required on ${env.BITCOIN_NETWORK}.`);
  }
  if (env.RUN_MODE !== 'all') splitModeChecks(env);
  const dataDir = path.resolve(env.DATA_DIR);
  const storageDir = path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'uploads'));
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return { ...env, publicUrl, dataDir, storageDir, s3: s3Config(env) };
}

/**
 * Processes apart share one PostgreSQL and one node, and must agree on every secret: one
 * generated in DATA_DIR by whichever process started first would differ between machines.
 */
function splitModeChecks(env: z.infer<typeof EnvSchema>): void {
  const mode = `RUN_MODE=${env.RUN_MODE}`;
  if (!env.DATABASE_URL) {
    throw new Error(`${mode} needs DATABASE_URL: the embedded database belongs to one process.`);
  }
  if (!env.BITCOIND_RPC_URL && env.BITCOIN_NETWORK === 'regtest') {
    throw new Error(`${mode} needs BITCOIND_RPC_URL: the embedded node belongs to one process.`);
  }
  const missing = [
    !env.JWT_SECRET && 'JWT_SECRET',
    !env.COSIGNER_SECRET && 'COSIGNER_SECRET',
    env.PLATFORM_FEE_BPS > 0 && !env.PLATFORM_FEE_ADDRESS && 'PLATFORM_FEE_ADDRESS',
  ].filter(Boolean);
  if (missing.length > 0) throw new Error(`${mode} needs ${missing.join(', ')}.`);
}

/** The bucket for uploads when S3_BUCKET is set; every other S3_ setting is then required. */
function s3Config(env: z.infer<typeof EnvSchema>): S3StorageConfig | undefined {
  if (!env.S3_BUCKET) return undefined;
  const { S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL } = env;
  if (!S3_ENDPOINT || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY || !S3_PUBLIC_URL) {
    throw new Error(
      'S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PUBLIC_URL.',
    );
  }
  return {
    bucket: env.S3_BUCKET,
    endpoint: S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    publicUrl: S3_PUBLIC_URL,
  };
}
