import type {
  ActivityQuery,
  Listing,
  ListingsQuery,
  MarketplacePagination,
  OrderbookPayload,
  TradeActivity,
} from '@om/core';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { TradeHistoryRow } from '../../db/market.tables.ts';

// Trades and orders, through the read functions of db/functions (fetch_activity.sql,
// get_listings.sql, …): trade_history rows, and market_listing rows (an order book entry without
// its signed PSBT).

function toActivity(r: TradeHistoryRow): TradeActivity {
  return {
    id: r.id,
    listingId: r.order_id,
    inscriptionId: r.inscription_id,
    price: r.price,
    state: r.trade_status,
    finalized: r.finalized,
    txId: r.transaction_id,
    makerOrdinalAddress: r.maker_address,
    takerOrdinalAddress: r.taker_address,
    feeRate: r.fee_rate === null ? null : Number(r.fee_rate),
    thumbnailUrl: r.thumbnail_url,
    inscriptionName: r.inscription_name,
    collectionSlug: r.collection_slug,
    sniperFeeRate: r.sniper_fee_rate === null ? null : Number(r.sniper_fee_rate),
    isSnipeProtected: r.is_snipe_protected,
    blockHeight: r.block_height,
    createdAt: r.created_at.toISOString(),
  };
}

interface ListingRow {
  id: string;
  inscription_id: string;
  price: string;
  status: Listing['status'];
  outpoint: string;
  collection_slug: string | null;
  inscription_name: string | null;
  content_type: string | null;
  maker_ordinal_address: string;
  maker_payment_address: string;
  maker_fee: string;
  is_snipe_protected: boolean;
  transaction_id: string | null;
  listed_at: Date | null;
  created_at: Date;
}

function toListing(r: ListingRow): Listing {
  return {
    listingId: r.id,
    inscriptionId: r.inscription_id,
    price: r.price,
    status: r.status,
    outpoint: r.outpoint,
    collectionSlug: r.collection_slug,
    inscriptionName: r.inscription_name,
    contentType: r.content_type,
    makerOrdinalAddress: r.maker_ordinal_address,
    makerPaymentAddress: r.maker_payment_address,
    makerFee: r.maker_fee,
    isSnipeProtected: r.is_snipe_protected,
    txId: r.transaction_id,
    listedAt: r.listed_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}

/** fetch_activity: the market's trades over the last `interval` (every collection without slug). */
export async function fetchActivity(db: Db, q: ActivityQuery): Promise<TradeActivity[]> {
  const { rows } = await sql<TradeHistoryRow>`
    select * from fetch_activity(${q.interval}::interval, ${q.slug ?? null}::text,
      ${q.limit}::integer, ${q.offset}::bigint)`.execute(db.kysely);
  return rows.map(toActivity);
}

/** get_orders_activity_by_address: trades where the address sold or bought. */
export async function addressActivity(
  db: Db,
  address: string,
  q: MarketplacePagination,
): Promise<TradeActivity[]> {
  const { rows } = await sql<TradeHistoryRow>`
    select * from get_orders_activity_by_address(${address}::text, ${q.limit}::integer,
      ${q.offset}::bigint)`.execute(db.kysely);
  return rows.map(toActivity);
}

/**
 * The trades of a user's addresses and of the multisig and maker wallets those addresses made
 * (protected sales and launch mints are recorded under the maker wallet), newest first.
 */
export async function profileActivity(
  db: Db,
  addresses: readonly string[],
  q: MarketplacePagination,
): Promise<TradeActivity[]> {
  const { rows } = await sql<TradeHistoryRow>`
    with mine as (
      select unnest(${addresses}::text[]) as address
      union
      select w.address from multisig_wallets w where w.user_address = any(${addresses}::text[]))
    select t.* from trade_history t
    where t.maker_address in (select address from mine)
       or t.taker_address in (select address from mine)
    order by t.created_at desc, t.id desc
    limit ${q.limit}::integer offset ${q.offset}::bigint`.execute(db.kysely);
  return rows.map(toActivity);
}

/** get_trade_history_by_order_id: every trade of these orders (ids checked as UUIDs upstream). */
export async function tradeHistoryByOrderIds(
  db: Db,
  orderIds: readonly string[],
): Promise<TradeActivity[]> {
  const { rows } = await sql<TradeHistoryRow>`
    select * from get_trade_history_by_order_id(
      string_to_array(${orderIds.join(',')}::text, ',')::uuid[])`.execute(db.kysely);
  return rows.map(toActivity);
}

/** The most trades an inscription's order book page shows. */
const INSCRIPTION_ACTIVITY_LIMIT = 100;

/** get_orderbook_by_inscription_id, the active listing among its orders, and its trades. */
export async function orderbookOfInscription(
  db: Db,
  inscriptionId: string,
): Promise<OrderbookPayload> {
  const [orders, trades] = await Promise.all([
    sql<ListingRow>`select * from get_orderbook_by_inscription_id(${inscriptionId}::text)`.execute(
      db.kysely,
    ),
    db.kysely
      .selectFrom('trade_history')
      .selectAll()
      .where('inscription_id', '=', inscriptionId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(INSCRIPTION_ACTIVITY_LIMIT)
      .execute(),
  ]);
  const listings = orders.rows.map(toListing);
  return {
    listing: listings.find((l) => l.status === 'active') ?? null,
    orders: listings,
    activity: trades.map(toActivity),
  };
}

/** get_listings: marketplace listings, newest first. */
export async function listListings(db: Db, q: ListingsQuery): Promise<Listing[]> {
  const { rows } = await sql<ListingRow>`
    select * from get_listings(${q.slug ?? null}::text, ${q.maker ?? null}::text, ${q.status}::text,
      ${q.limit}::integer, ${q.offset}::bigint)`.execute(db.kysely);
  return rows.map(toListing);
}
