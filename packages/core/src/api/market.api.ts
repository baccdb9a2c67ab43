import { z } from 'zod';
import { CHART_PERIODS } from '../floor-chart.ts';
import { INVALID_CHART_PERIOD } from '../messages.ts';
import {
  CATEGORY_FETCH_SIZE,
  INSCRIPTIONS_PAGE_SIZE,
  MarketplacePaginationSchema,
  TRADE_ACTIVITY_DEFAULT_LIMIT,
  TRADE_ACTIVITY_DEFAULT_WINDOW,
} from '../paging.ts';

/**
 * Browsing the market (ADR 007, product.md#market-screens, #market-calls "Data queries"): every
 * read is one PostgreSQL function with the spec's name, reached through these endpoints. Sats
 * travel as decimal strings.
 */

const sats = z.string().regex(/^\d+$/);
const slug = z
  .string()
  .trim()
  .min(1, 'slug is required')
  .max(100, 'slug is too long')
  .regex(/^[a-z0-9_-]+$/, 'slug may hold only a-z, 0-9, _ and -');
export const CollectionSlugParamSchema = z.object({ slug });

/** Query-string sats: '12000' → 12000n; refuses fractions, signs and numbers beyond 21M BTC. */
const satsQuery = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,16}$/, `${field} must be a whole number of sats`)
    .transform((s) => BigInt(s));

/** PostgreSQL intervals the activity endpoints accept ('1 day', '7 days', '10 years', ...). */
const INTERVAL_PATTERN = /^\d{1,4} (minute|hour|day|week|month|year)s?$/;
const interval = z
  .string()
  .trim()
  .regex(INTERVAL_PATTERN, "interval must read like '1 day', '7 days' or '10 years'");

// ── GET /api/collections ────────────────────────────────────────────────────────────────────
export const COLLECTION_SORTS = [
  'volume_desc',
  'volume_1d_desc',
  'floor_asc',
  'floor_desc',
  'listed_desc',
  'owners_desc',
  'change_desc',
  'name_asc',
  'newest',
] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

export const CollectionsQuerySchema = MarketplacePaginationSchema.extend({
  search: z.string().trim().max(100, 'search is too long').optional(),
  category: z.string().trim().max(100, 'category is too long').optional(),
  sort: z
    .enum(COLLECTION_SORTS, { error: `sort must be one of ${COLLECTION_SORTS.join(', ')}` })
    .default('volume_desc'),
});
export type CollectionsQuery = z.infer<typeof CollectionsQuerySchema>;

/** One row of get_collections: the list's stats, computed over the last day unless named. */
export const CollectionSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  category: z.string().nullable(),
  isZeroFee: z.boolean(),
  floorPrice: sats.nullable(),
  /** All-time volume in sats. */
  volume: sats,
  volume1d: sats,
  listedCount: z.number().int(),
  supply: z.number().int(),
  owners: z.number().int(),
  /** Floor change over the last day in percent (two decimals); null without a floor a day ago. */
  percentChange: z.number().nullable(),
});
export type CollectionSummary = z.infer<typeof CollectionSummarySchema>;
export const CollectionsPayloadSchema = z.object({
  collections: z.array(CollectionSummarySchema),
  /** get_collections_count with the same search and category. */
  total: z.number().int(),
});
export type CollectionsPayload = z.infer<typeof CollectionsPayloadSchema>;

// ── GET /api/collections/categories?offset= (get_collection_categories, batches of 1000) ──
export const CategoriesQuerySchema = z.object({
  offset: z.coerce
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(CATEGORY_FETCH_SIZE, `limit must be at most ${CATEGORY_FETCH_SIZE}`)
    .default(CATEGORY_FETCH_SIZE),
});
export const CategoriesPayloadSchema = z.object({
  categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
});

// ── GET /api/collections/{slug} ────────────────────────────────────────────────────────────
export const CollectionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  bannerImage: z.string().nullable(),
  inscriptionIcon: z.string().nullable(),
  discordLink: z.string().nullable(),
  telegramLink: z.string().nullable(),
  twitterLink: z.string().nullable(),
  instagramLink: z.string().nullable(),
  websiteLink: z.string().nullable(),
  category: z.string().nullable(),
  isTradable: z.boolean(),
  isUnderReview: z.boolean(),
  isZeroFee: z.boolean(),
  displayGrafana: z.boolean(),
  extraMetadata: z.record(z.string(), z.unknown()),
});
export type Collection = z.infer<typeof CollectionSchema>;

/** get_collection_stats (+ get_floor_price): one row with percent_change (product.md#records). */
export const CollectionStatsSchema = z.object({
  floorPrice: sats.nullable(),
  /** Floor change over the last day, in percent; null without a floor a day ago. */
  percentChange: z.number().nullable(),
  volume1d: sats,
  volume7d: sats,
  volume30d: sats,
  volumeAll: sats,
  sales1d: z.number().int(),
  salesAll: z.number().int(),
  listed: z.number().int(),
  supply: z.number().int(),
  owners: z.number().int(),
});
export type CollectionStats = z.infer<typeof CollectionStatsSchema>;
export const CollectionPayloadSchema = z.object({
  collection: CollectionSchema,
  stats: CollectionStatsSchema,
});
export type CollectionPayload = z.infer<typeof CollectionPayloadSchema>;

// ── GET /api/collections/{slug}/floor-chart?period=1 day ──────────────────────────────────────
export const FloorChartQuerySchema = z.object({
  period: z.enum(CHART_PERIODS, { error: INVALID_CHART_PERIOD }),
});
/**
 * A price series point (product.md#records): bucket start as ISO time, floor in sats (null: no
 * listing).
 */
export const PricePointSchema = z.object({ timestamp: z.string(), value: sats.nullable() });
export const FloorChartPayloadSchema = z.object({
  period: z.enum(CHART_PERIODS),
  bucket: z.string(),
  points: z.array(PricePointSchema),
});
export type FloorChartPayload = z.infer<typeof FloorChartPayloadSchema>;

// ── GET /api/collections/{slug}/inscriptions (get_inscriptions_with_price_by_collection_slug) ──
export const ORDER_STATUS_FILTERS = ['all', 'listed', 'unlisted'] as const;
export const INSCRIPTION_SORTS = [
  'price_asc',
  'price_desc',
  'number_asc',
  'number_desc',
  'recently_listed',
] as const;
export type InscriptionSort = (typeof INSCRIPTION_SORTS)[number];

/** attributes: repeated `trait=Category:Value` (values of one category OR, categories AND). */
const traitFilter = z
  .string()
  .min(3)
  .max(200, 'trait is too long')
  .regex(/^[^:]+:.+$/, "trait must read 'Category:Value'")
  .transform((s) => {
    const at = s.indexOf(':');
    return { category: s.slice(0, at), value: s.slice(at + 1) };
  });

export const CollectionInscriptionsQuerySchema = z
  .object({
    limit: z.coerce
      .number()
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(100, 'limit must be at most 100')
      .default(INSCRIPTIONS_PAGE_SIZE),
    offset: z.coerce
      .number()
      .int('offset must be a whole number')
      .min(0, 'offset must not be negative')
      .default(0),
    status: z
      .enum(ORDER_STATUS_FILTERS, { error: 'status must be all, listed or unlisted' })
      .default('all'),
    minPrice: satsQuery('minPrice').optional(),
    maxPrice: satsQuery('maxPrice').optional(),
    sort: z
      .enum(INSCRIPTION_SORTS, { error: `sort must be one of ${INSCRIPTION_SORTS.join(', ')}` })
      .default('price_asc'),
    // One `trait` arrives as a string, several as an array: always a list, so a bad one is
    // reported with its own message rather than a union's "Invalid input".
    trait: z.preprocess(
      (t) => (t === undefined ? [] : Array.isArray(t) ? t : [t]),
      z.array(traitFilter).max(50, 'at most 50 trait filters'),
    ),
    search: z.string().trim().max(100, 'search is too long').optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be above maxPrice',
    path: ['minPrice'],
  });
export type CollectionInscriptionsQuery = z.infer<typeof CollectionInscriptionsQuerySchema>;

export const MarketInscriptionSchema = z.object({
  inscriptionId: z.string(),
  number: z.number().int().nullable(),
  name: z.string().nullable(),
  contentType: z.string().nullable(),
  /** Current owner per the indexer; null when burned/lost or not indexed. */
  owner: z.string().nullable(),
  /** The active listing, when there is one. */
  listingId: z.string().nullable(),
  price: sats.nullable(),
  isSnipeProtected: z.boolean(),
  listedAt: z.string().nullable(),
});
export type MarketInscription = z.infer<typeof MarketInscriptionSchema>;
export const CollectionInscriptionsPayloadSchema = z.object({
  inscriptions: z.array(MarketInscriptionSchema),
  /** Rows matching the filters (for "N results"). */
  total: z.number().int(),
});
export type CollectionInscriptionsPayload = z.infer<typeof CollectionInscriptionsPayloadSchema>;

// ── GET /api/collections/{slug}/traits: the attribute filter with counts ─────────────────────
export const CollectionTraitsPayloadSchema = z.object({
  traits: z.array(
    z.object({
      category: z.string(),
      values: z.array(z.object({ value: z.string(), count: z.number().int() })),
    }),
  ),
});
export type CollectionTraitsPayload = z.infer<typeof CollectionTraitsPayloadSchema>;

// ── Activity: fetch_activity(interval, slug), get_orders_activity_by_address, by order id ─────
/** A trade_history row as the UI shows it (product.md#records Listing as shown in the UI). */
export const TradeActivitySchema = z.object({
  id: z.string(),
  listingId: z.string(),
  inscriptionId: z.string(),
  price: sats,
  /** trade_status: initiated, mempool, confirmed, canceled or sniped. */
  state: z.enum(['initiated', 'mempool', 'confirmed', 'canceled', 'sniped']),
  finalized: z.boolean(),
  txId: z.string().nullable(),
  makerOrdinalAddress: z.string(),
  takerOrdinalAddress: z.string(),
  feeRate: z.number().nullable(),
  thumbnailUrl: z.string().nullable(),
  inscriptionName: z.string().nullable(),
  collectionSlug: z.string().nullable(),
  sniperFeeRate: z.number().nullable(),
  isSnipeProtected: z.boolean(),
  blockHeight: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TradeActivity = z.infer<typeof TradeActivitySchema>;

// GET /api/activity?interval=1 day&slug=&limit=100&offset=0
export const ActivityQuerySchema = z.object({
  interval: interval.default(TRADE_ACTIVITY_DEFAULT_WINDOW),
  slug: slug.optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(1000, 'limit must be at most 1000')
    .default(TRADE_ACTIVITY_DEFAULT_LIMIT),
  offset: z.coerce
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;
export const ActivityPayloadSchema = z.object({ activity: z.array(TradeActivitySchema) });
export type ActivityPayload = z.infer<typeof ActivityPayloadSchema>;

// GET /api/address/{address}/activity?limit&offset (get_orders_activity_by_address): uses
// MarketplacePaginationSchema and answers ActivityPayloadSchema.

// GET /api/trade-history?orderIds=a,b (get_trade_history_by_order_id)
export const TradeHistoryQuerySchema = z.object({
  orderIds: z
    .string()
    .trim()
    .min(1, 'orderIds is required')
    .transform((s) => s.split(',').map((id) => id.trim()))
    .pipe(z.array(z.uuid('orderIds must be listing ids')).max(100, 'at most 100 orderIds')),
});
// answers ActivityPayloadSchema

/**
 * GET /api/profile/activity?addresses=a,b: the trades of a user's addresses (their ordinals and
 * payment addresses) and of the multisig and maker wallets they made, where protected sales and
 * launch mints are recorded (product.md#walk-through-fixes item 9). Answers ActivityPayloadSchema.
 */
export const ProfileActivityQuerySchema = MarketplacePaginationSchema.extend({
  addresses: z
    .string({ error: 'addresses is required' })
    .trim()
    .min(1, 'addresses is required')
    .transform((s) => [...new Set(s.split(',').map((a) => a.trim()))])
    .pipe(
      z.array(z.string().min(1, 'addresses: an address is empty')).max(4, 'at most 4 addresses'),
    ),
});

// ── Listings ────────────────────────────────────────────────────────────────────────────────
/** An order book entry as the market shows it; the maker's signature never leaves the server. */
export const ListingSchema = z.object({
  listingId: z.string(),
  inscriptionId: z.string(),
  price: sats,
  /**
   * pending (awaiting signature), active, broadcast (sold, in flight or confirmed), canceled, or
   * exposed: its purchase went out and never confirmed, so its signature is public and executable
   * at its price until the inscription moves (off sale here; delist on chain).
   */
  status: z.enum(['pending', 'active', 'broadcast', 'canceled', 'exposed']),
  outpoint: z.string(),
  collectionSlug: z.string().nullable(),
  inscriptionName: z.string().nullable(),
  contentType: z.string().nullable(),
  makerOrdinalAddress: z.string(),
  makerPaymentAddress: z.string(),
  /** The platform's fee in sats, taken from the maker's payout (price − maker fee + postage). */
  makerFee: sats,
  isSnipeProtected: z.boolean(),
  txId: z.string().nullable(),
  listedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Listing = z.infer<typeof ListingSchema>;

// GET /api/inscriptions/{inscriptionId}/orderbook (get_orderbook_by_inscription_id)
export const OrderbookPayloadSchema = z.object({
  /** The active listing, if any. */
  listing: ListingSchema.nullable(),
  /** Every order of the inscription, newest first. */
  orders: z.array(ListingSchema),
  activity: z.array(TradeActivitySchema),
});
export type OrderbookPayload = z.infer<typeof OrderbookPayloadSchema>;

// GET /api/listings?limit=10&offset=0&slug=&maker=&status=active (default 10, max 1000)
export const ListingsQuerySchema = MarketplacePaginationSchema.extend({
  slug: slug.optional(),
  maker: z.string().trim().min(1).max(100, 'maker is too long').optional(),
  status: z
    .enum(['pending', 'active', 'broadcast', 'canceled', 'exposed', 'any'])
    .default('active'),
});
export type ListingsQuery = z.infer<typeof ListingsQuerySchema>;
export const ListingsPayloadSchema = z.object({ listings: z.array(ListingSchema) });
export type ListingsPayload = z.infer<typeof ListingsPayloadSchema>;
