import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { listFunctions, listMigrations } from '../../../apps/server/src/db/schema-files.ts';

/** What the market holds: the spec's scale by default (npm run bench:market -- --scale 0.01 for a quick look). */
export type Plan = {
  collections: number;
  inscriptions: number;
  listings: number;
  trades: number;
  months: number;
};

export const FULL_PLAN: Plan = {
  collections: 1_000,
  inscriptions: 1_000_000,
  listings: 100_000,
  trades: 1_000_000,
  months: 6,
};

export function scaledPlan(scale: number): Plan {
  const n = (v: number) => Math.max(10, Math.round(v * scale));
  return {
    collections: n(FULL_PLAN.collections),
    inscriptions: n(FULL_PLAN.inscriptions),
    listings: n(FULL_PLAN.listings),
    trades: n(FULL_PLAN.trades),
    months: FULL_PLAN.months,
  };
}

/** 1% of collections hold 1% of the inscriptions each; the rest share the others evenly. */
export function collectionSizes(plan: Plan): { big: number; bigSize: number; restSize: number } {
  const big = Math.max(1, Math.round(plan.collections / 100));
  const bigSize = Math.round(plan.inscriptions / 100);
  const restSize = Math.floor((plan.inscriptions - big * bigSize) / (plan.collections - big));
  return { big, bigSize, restSize };
}

export const slugOf = (index: number) => `bench-${String(index).padStart(4, '0')}`;

// Bump when the generated data changes shape: a stored market of another version is rebuilt.
const GENERATOR_VERSION = 1;

/** Plan, generator, migrations and functions: a stored market with the same key is reused. */
export function marketKey(plan: Plan): string {
  const hash = createHash('sha256').update(JSON.stringify({ plan, GENERATOR_VERSION }));
  for (const { file } of listMigrations())
    hash.update(path.basename(file)).update(fs.readFileSync(file));
  for (const { name, sql } of listFunctions()) hash.update(`functions/${name}`).update(sql);
  return hash.digest('hex');
}

/**
 * The statements that fill a migrated, empty database. One session (pg_temp.h, the temporary
 * tables), triggers and foreign keys off (session_replication_role = replica): the caches are
 * rebuilt once at the end, and the secondary indexes are dropped before the load and rebuilt after
 * it, which is minutes faster than maintaining them row by row. Pseudo-random values come from
 * md5, so every run generates the same market.
 */
export function generationSql(plan: Plan): string[] {
  const { big, bigSize } = collectionSizes(plan);
  const { collections: C, inscriptions: N, listings: L, trades: T, months } = plan;
  const bigTotal = big * bigSize;
  const owners = Math.max(10, Math.round(N / 4));
  // u(x): uniform in [0, 1) from md5; h(x): a 60-bit integer.
  return [
    `create function pg_temp.h(x text) returns bigint language sql immutable as
       $$ select ('x' || substr(md5(x), 1, 15))::bit(60)::bigint $$`,
    `create function pg_temp.u(x text) returns float8 language sql immutable as
       $$ select pg_temp.h(x) / 1152921504606846976.0 $$`,
    `insert into collections (slug, name, category, icon, is_tradable, is_under_review, is_zero_fee, created_at)
     select 'bench-' || lpad(g::text, 4, '0'), 'Bench Collection ' || g,
       (array['art', 'pfp', 'gaming', 'music', 'photography', 'generative', 'utility', 'memes'])[1 + g % 8],
       '/content/' || md5(g::text) || md5('c' || g) || 'i0', true, false, g % 20 = 0,
       now() - make_interval(hours => g)
     from generate_series(1, ${C}) g`,
    `create temporary table gen_items as
     select n, c.id as collection_id, c.slug,
       md5(n::text) || md5('i' || n) || 'i0' as inscription_id,
       'bc1p' || md5('owner' || floor(${owners} * pg_temp.u('o' || n) ^ 2)::bigint) as owner
     from generate_series(0, ${N - 1}) n
     join collections c on c.slug = 'bench-' || lpad((case when n < ${bigTotal} then 1 + n / ${bigSize}
       else ${big + 1} + (n - ${bigTotal}) % ${C - big} end)::text, 4, '0')`,
    `create unique index on gen_items (n)`,
    `analyze gen_items`,
    `insert into inscriptions (inscription_id, collection_id, name, file_type)
     select inscription_id, collection_id, 'Item #' || n, 'image/png' from gen_items`,
    `insert into chain_inscriptions (inscription_id, number, sequence, genesis_txid, genesis_height,
       genesis_time, genesis_fee, content_type, content_length, txid, vout, sat_offset, output_value,
       address, location_height)
     select inscription_id, n, n, left(inscription_id, 64), 800000 + n / 1000,
       now() - interval '1 year', 1000, 'image/png', 1000, left(inscription_id, 64), 0, 0, 10000,
       owner, 800000 + n / 1000
     from gen_items`,
    `insert into attributes (inscription_id, collection_id, category, value)
     select g.inscription_id, g.collection_id, a.category,
       a.category || ' ' || pg_temp.h(a.category || g.n) % a.k
     from gen_items g
     cross join (values ('Background', 8), ('Body', 12), ('Accessory', 20)) a (category, k)`,
    // Active listings: prices skewed toward the floor, listed over the last 30 days.
    `insert into orderbook (inscription_id, collection_id, status, price, outpoint, output_value,
       maker_fee, maker_payment_address, maker_ordinal_address, is_snipe_protected, listed_at,
       created_at)
     select g.inscription_id, g.collection_id, 'active', p.price, left(g.inscription_id, 64) || ':0',
       10000, p.price / 100, g.owner, g.owner, g.n % 7 = 0, p.at, p.at
     from (select n from gen_items order by pg_temp.h('l' || n) limit ${L}) l
     join gen_items g using (n)
     cross join lateral (select 10000 + floor(10000000 * pg_temp.u('p' || g.n) ^ 3)::bigint as price,
       now() - make_interval(secs => 30 * 86400 * pg_temp.u('a' || g.n)) as at) p`,
    // Trades over the months, each closing the listing it bought (or failed to); the last two
    // hours' trades are still pending.
    `create temporary table gen_trades as
     select j, g.inscription_id, g.collection_id, g.slug, g.owner,
       md5('order' || j)::uuid as order_id, md5('tx' || j) || md5('tx2' || j) as txid,
       t.at, 10000 + floor(10000000 * pg_temp.u('tp' || j) ^ 3)::bigint as price,
       case
         when t.at > now() - interval '2 hours' then (array['mempool', 'initiated'])[1 + j % 2]
         when pg_temp.h('ts' || j) % 100 < 90 then 'confirmed'
         when pg_temp.h('ts' || j) % 100 < 95 then 'canceled'
         else 'sniped'
       end as status
     from generate_series(0, ${T - 1}) j
     cross join lateral (select now() - make_interval(secs => ${months * 30.4} * 86400 * pg_temp.u('t' || j)) as at) t
     join gen_items g on g.n = pg_temp.h('ti' || j) % ${N}`,
    `insert into orderbook (id, inscription_id, collection_id, status, price, outpoint, output_value,
       maker_fee, maker_payment_address, maker_ordinal_address, transaction_id, listed_at, closed_at,
       created_at)
     select order_id, inscription_id, collection_id,
       case when status = 'canceled' then 'canceled' else 'broadcast' end, price,
       left(inscription_id, 64) || ':0', 10000, price / 100, owner, owner, txid, listed, at, listed
     from gen_trades
     cross join lateral (select at - make_interval(secs => 3600 + 14 * 86400 * pg_temp.u('tl' || j)) as listed) l`,
    `insert into trade_history (order_id, transaction_id, inscription_id, price, trade_status,
       finalized, maker_address, taker_address, fee_rate, inscription_name, collection_slug,
       block_height, created_at)
     select order_id, txid, inscription_id, price, status,
       status in ('confirmed', 'canceled', 'sniped'), owner,
       'bc1p' || md5('owner' || pg_temp.h('tt' || j) % ${owners}), 2 + j % 50, 'Item', slug,
       case when status = 'confirmed' then 800000 + j / 100 end, at
     from gen_trades`,
    `select rebuild_collection_stats()`,
  ];
}

/** Secondary indexes of the loaded tables (constraints keep theirs): dropped before, rebuilt after. */
export async function withoutSecondaryIndexes<T>(
  client: pg.Client,
  load: () => Promise<T>,
): Promise<T> {
  const { rows } = await client.query<{ name: string; definition: string }>(`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = current_schema()
      and i.tablename in ('inscriptions', 'chain_inscriptions', 'attributes', 'orderbook',
        'trade_history', 'collection_items', 'collection_owners', 'collection_stats')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  for (const { name } of rows) await client.query(`drop index "${name}"`);
  const result = await load();
  for (const { definition } of rows) await client.query(definition);
  return result;
}
