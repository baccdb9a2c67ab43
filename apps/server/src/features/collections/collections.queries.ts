import {
  chartQuery,
  type ChartPeriod,
  type Collection,
  type CollectionInscriptionsPayload,
  type CollectionInscriptionsQuery,
  type CollectionPayload,
  type CollectionsPayload,
  type CollectionsQuery,
  type CollectionStats,
  type CollectionSummary,
  type CollectionTraitsPayload,
  type FloorChartPayload,
  type MarketInscription,
} from '@om/core';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { CollectionsTable } from '../../db/catalogue.tables.ts';

// Every read is one of the market's read functions, each defined in db/functions/<name>.sql (ADR
// 024). int8 and numeric come back as decimal strings, int4 as numbers; sats stay strings, counts
// become numbers.

type Int8 = string;

interface CollectionSummaryRow {
  id: Int8;
  slug: string;
  name: string;
  icon: string | null;
  category: string | null;
  is_zero_fee: boolean;
  floor_price: Int8 | null;
  volume: Int8;
  volume_1d: Int8;
  listed_count: number;
  supply: number;
  owners: number;
  percent_change: string | null;
}

const percent = (value: string | null): number | null => (value === null ? null : Number(value));

function toSummary(r: CollectionSummaryRow): CollectionSummary {
  return {
    id: Number(r.id),
    slug: r.slug,
    name: r.name,
    icon: r.icon,
    category: r.category,
    isZeroFee: r.is_zero_fee,
    floorPrice: r.floor_price,
    volume: r.volume,
    volume1d: r.volume_1d,
    listedCount: r.listed_count,
    supply: r.supply,
    owners: r.owners,
    percentChange: percent(r.percent_change),
  };
}

/** get_collections with get_collections_count, in one round trip. */
export async function listCollections(db: Db, q: CollectionsQuery): Promise<CollectionsPayload> {
  const search = q.search || null;
  const category = q.category || null;
  const { rows } = await sql<{ total: Int8 } & Partial<CollectionSummaryRow>>`
    select t.total, c.*
    from get_collections_count(${search}::text, ${category}::text) as t (total)
    left join lateral get_collections(${search}::text, ${category}::text, ${q.sort}::text,
      ${q.limit}::integer, ${q.offset}::bigint) as c on true`.execute(db.kysely);
  const found = rows.filter((r): r is typeof r & CollectionSummaryRow => r.id != null);
  return { collections: found.map(toSummary), total: Number(rows[0]?.total ?? 0) };
}

export async function listCategories(
  db: Db,
  q: { limit: number; offset: number },
): Promise<{ category: string; count: number }[]> {
  const { rows } = await sql<{ category: string; collections: Int8 }>`
    select * from get_collection_categories(${q.limit}::integer, ${q.offset}::bigint)`.execute(
    db.kysely,
  );
  return rows.map((r) => ({ category: r.category, count: Number(r.collections) }));
}

/** The columns of a collection the page shows (the creator's contact stays on the server). */
type CollectionRow = Omit<
  Selectable<CollectionsTable>,
  | 'creator_name'
  | 'creator_email'
  | 'creator_btc_address'
  | 'creator_user_id'
  | 'created_at'
  | 'updated_at'
>;

interface StatsRow {
  floor_price: Int8 | null;
  percent_change: string | null;
  volume_1d: Int8;
  volume_7d: Int8;
  volume_30d: Int8;
  volume_all: Int8;
  sales_1d: number;
  sales_all: number;
  listed: number;
  supply: number;
  owners: number;
}

function toCollection(r: CollectionRow): Collection {
  return {
    id: Number(r.id),
    slug: r.slug,
    name: r.name,
    description: r.description,
    icon: r.icon,
    bannerImage: r.banner_image,
    inscriptionIcon: r.inscription_icon,
    discordLink: r.discord_link,
    telegramLink: r.telegram_link,
    twitterLink: r.twitter_link,
    instagramLink: r.instagram_link,
    websiteLink: r.website_link,
    category: r.category,
    isTradable: r.is_tradable,
    isUnderReview: r.is_under_review,
    isZeroFee: r.is_zero_fee,
    displayGrafana: r.display_grafana,
    extraMetadata: r.extra_metadata,
  };
}

function toStats(r: StatsRow): CollectionStats {
  return {
    floorPrice: r.floor_price,
    percentChange: percent(r.percent_change),
    volume1d: r.volume_1d,
    volume7d: r.volume_7d,
    volume30d: r.volume_30d,
    volumeAll: r.volume_all,
    sales1d: r.sales_1d,
    salesAll: r.sales_all,
    listed: r.listed,
    supply: r.supply,
    owners: r.owners,
  };
}

/** A visible collection with get_collection_stats; undefined for an unknown or hidden slug. */
export async function findCollection(db: Db, slug: string): Promise<CollectionPayload | undefined> {
  const { rows } = await sql<CollectionRow & StatsRow>`
    select c.id, c.slug, c.name, c.description, c.icon, c.banner_image, c.inscription_icon,
      c.discord_link, c.telegram_link, c.twitter_link, c.instagram_link, c.website_link,
      c.category, c.is_tradable, c.is_under_review, c.is_zero_fee, c.display_grafana,
      c.extra_metadata, s.*
    from collections c
    cross join lateral get_collection_stats(c.slug) s
    where c.slug = ${slug} and not c.is_under_review`.execute(db.kysely);
  const row = rows[0];
  return row && { collection: toCollection(row), stats: toStats(row) };
}

/** get_continuous_floor_prices over the period's window; undefined for an unknown slug. */
export async function floorChart(
  db: Db,
  slug: string,
  period: ChartPeriod,
): Promise<FloorChartPayload | undefined> {
  const { bucket_interval, start_date } = chartQuery(period);
  const { rows } = await sql<{ bucket: Date; floor_price: Int8 | null }>`
    select * from get_continuous_floor_prices(${slug}::text, ${bucket_interval}::interval,
      ${start_date.toISOString()}::timestamptz)`.execute(db.kysely);
  if (rows.length === 0) return undefined;
  const points = rows.map((r) => ({ timestamp: r.bucket.toISOString(), value: r.floor_price }));
  return { period, bucket: bucket_interval, points };
}

interface InscriptionRow {
  inscription_id: string;
  inscription_number: Int8 | null;
  name: string | null;
  content_type: string | null;
  owner: string | null;
  listing_id: string | null;
  price: Int8 | null;
  is_snipe_protected: boolean;
  listed_at: Date | null;
  total: Int8;
}

function toMarketInscription(r: InscriptionRow): MarketInscription {
  return {
    inscriptionId: r.inscription_id,
    number: r.inscription_number === null ? null : Number(r.inscription_number),
    name: r.name,
    contentType: r.content_type,
    owner: r.owner,
    listingId: r.listing_id,
    price: r.price,
    isSnipeProtected: r.is_snipe_protected,
    listedAt: r.listed_at?.toISOString() ?? null,
  };
}

/** {"Category": ["Value", ...]}: values of one category OR, categories AND. */
function traitsJson(traits: CollectionInscriptionsQuery['trait']): string | null {
  if (traits.length === 0) return null;
  const byCategory = new Map<string, string[]>();
  for (const { category, value } of traits) {
    byCategory.set(category, [...(byCategory.get(category) ?? []), value]);
  }
  return JSON.stringify(Object.fromEntries(byCategory));
}

/**
 * The collection's page version (0015_page_versions), as a decimal string; undefined for an
 * unknown slug or a collection under review (whose pages read as unknown).
 */
export async function pageVersion(db: Db, slug: string): Promise<string | undefined> {
  const { rows } = await sql<{ page_version: Int8 }>`
    select s.page_version from collections c
    join collection_stats s on s.collection_id = c.id
    where c.slug = ${slug} and not c.is_under_review`.execute(db.kysely);
  return rows[0] === undefined ? undefined : String(rows[0].page_version);
}

/**
 * A page of get_inscriptions_with_price_by_collection_slug; its rows carry the total. An empty page
 * asks get_inscriptions_count_by_collection_slug, which also tells an unknown slug (undefined).
 */
export async function collectionInscriptions(
  db: Db,
  slug: string,
  q: CollectionInscriptionsQuery,
): Promise<CollectionInscriptionsPayload | undefined> {
  const traits = traitsJson(q.trait);
  const min = q.minPrice?.toString() ?? null;
  const max = q.maxPrice?.toString() ?? null;
  const search = q.search || null;
  const { rows } = await sql<InscriptionRow>`
    select * from get_inscriptions_with_price_by_collection_slug(${slug}::text, ${q.status}::text,
      ${min}::bigint, ${max}::bigint, ${traits}::jsonb, ${q.sort}::text, ${q.limit}::integer,
      ${q.offset}::bigint, ${search}::text)`.execute(db.kysely);
  if (rows[0]) return { inscriptions: rows.map(toMarketInscription), total: Number(rows[0].total) };
  const { rows: counted } = await sql<{ total: Int8 | null }>`
    select get_inscriptions_count_by_collection_slug(${slug}::text, ${q.status}::text,
      ${min}::bigint, ${max}::bigint, ${traits}::jsonb, ${search}::text) as total`.execute(
    db.kysely,
  );
  const total = counted[0]?.total;
  return total == null ? undefined : { inscriptions: [], total: Number(total) };
}

/** Each attribute category with its values and how many inscriptions have each. */
export async function collectionTraits(
  db: Db,
  slug: string,
): Promise<CollectionTraitsPayload | undefined> {
  const { rows } = await sql<{ category: string | null; value: string | null; count: Int8 | null }>`
    select a.category, a.value, a.count
    from collections c
    left join lateral (
      select x.category, x.value, count(*) as count from attributes x
      where x.collection_id = c.id group by x.category, x.value
    ) a on true
    where c.slug = ${slug} and not c.is_under_review
    order by a.category, a.count desc, a.value`.execute(db.kysely);
  if (rows.length === 0) return undefined;
  const traits: CollectionTraitsPayload['traits'] = [];
  for (const r of rows) {
    if (r.category === null || r.value === null) continue;
    const last = traits.at(-1);
    const entry = last?.category === r.category ? last : { category: r.category, values: [] };
    if (entry !== last) traits.push(entry);
    entry.values.push({ value: r.value, count: Number(r.count) });
  }
  return { traits };
}
