-- 0003_market_reads: the market's read side (ADR 007 "Browse"; product.md#market-screens,
-- #records, #market-calls "Data queries"). Every read the browse pages make is one function with
-- the spec's name, in ../functions (ADR 024). Runs unchanged on PostgreSQL 15+ and PGlite
-- (PostgreSQL 17); no extensions; the runner wraps it in a transaction.
--
-- Definitions used throughout:
--   a sale: a trade_history row in initiated, mempool or confirmed (canceled never happened; a
--     sniped row is another transaction, not our sale), counted at its created_at;
--   listed: an orderbook row with phase_id null and status active (launch inventory has a phase);
--   on sale during [a, b]: phase_id null, listed_at <= b and (closed_at null or closed_at > a);
--   owners: distinct chain_inscriptions.address of the collection's inscriptions; supply: the
--     collection's rows in inscriptions;
--   hidden: a collection under review; it is in no list, and its slug reads as unknown.

-- ── Cached figures ──────────────────────────────────────────────────────────────────────────
-- The collection list sorts every collection by supply, owners, listed, floor or all-time volume;
-- computing those on read means scanning 1,000,000 inscriptions and trades per request. They
-- change only when rows change, so statement-level triggers keep them exact in the writer's own
-- transaction (a bulk insert is one aggregated update, not one per row). Figures over a sliding
-- window (1/7/30-day volume, the floor a day ago) change with the clock, not with rows: they are
-- read from covering indexes instead (see the indexes below).
create table collection_stats (
  collection_id bigint primary key references collections (id) on delete cascade,
  supply integer not null default 0,
  listed integer not null default 0,
  floor_price bigint,
  owners integer not null default 0,
  volume_all bigint not null default 0,
  sales_all integer not null default 0
);

-- How many of a collection's inscriptions each address holds: an owner appears at 0 → 1 and
-- leaves at 1 → 0, so owners is kept without recounting a collection on every transfer.
create table collection_owners (
  collection_id bigint not null references collections (id) on delete cascade,
  address text not null,
  inscriptions integer not null,
  primary key (collection_id, address)
);

-- A collection's inscriptions with their number (null until the indexer has the inscription):
-- pages sorted by number, and the unlisted rows after the listed ones, walk this index and stop
-- after a page, instead of reading every inscription's number from chain_inscriptions.
create table collection_items (
  inscription_id text primary key,
  collection_id bigint not null references collections (id) on delete cascade,
  number bigint
);
create index collection_items_by_number on collection_items (collection_id, number, inscription_id);

-- The triggers that keep these tables and the read functions are in ../functions (ADR 024). Rows
-- that predate this migration are counted once the functions are in place.
insert into schema_function_calls values ('select rebuild_collection_stats()') on conflict do nothing;

-- ── Indexes ─────────────────────────────────────────────────────────────────────────────────
-- A collection's listed inscriptions in price order, covering the page's listing columns, so the
-- first page is an index-only walk of `limit` entries. Replaces the narrower 0001 index.
drop index orderbook_listed_by_collection_price;
create index orderbook_listed_page on orderbook (collection_id, price, inscription_id)
  include (id, listed_at, is_snipe_protected)
  where status = 'active' and phase_id is null;
-- The floor at a past moment and the floor chart: listings still open, cheapest first (the first
-- one listed early enough is the floor), and closed listings by when they closed (only those
-- closed after the window's start matter). Together they replace the 0001 listing_periods index,
-- whose (collection, listed_at) order made every chart read a collection's whole history.
drop index orderbook_listing_periods;
create index orderbook_open_by_price on orderbook (collection_id, price) include (listed_at)
  where phase_id is null and listed_at is not null and closed_at is null;
create index orderbook_closed_by_time on orderbook (collection_id, closed_at) include (listed_at, price)
  where phase_id is null and listed_at is not null and closed_at is not null;
-- GET /api/listings: newest first, by status.
create index orderbook_listings_recent on orderbook (status, created_at desc, id desc)
  where phase_id is null;
-- The last day's sales of every collection (the list's 1-day volume), index-only.
create index trade_history_sales_by_time on trade_history (created_at) include (collection_slug, price)
  where trade_status in ('initiated', 'mempool', 'confirmed');
-- Activity pages in a stable order (created_at ties broken by id).
drop index trade_history_recent;
create index trade_history_recent on trade_history (created_at desc, id desc);

-- ── Orders and activity ─────────────────────────────────────────────────────────────────────
-- An order book entry as the market shows it; never the maker's signed PSBT.
create type market_listing as (id uuid, inscription_id text, price bigint, status text,
  outpoint text, collection_slug text, inscription_name text, content_type text,
  maker_ordinal_address text, maker_payment_address text, maker_fee bigint,
  is_snipe_protected boolean, transaction_id text, listed_at timestamptz, created_at timestamptz);

