-- 0003_market_reads: the market's read side (issue 4 "Browse"; spec 001 §2, §3, §7 "Data queries").
-- Every read the browse pages make is one function with the spec's name. Runs unchanged on
-- PostgreSQL 15+ and PGlite (PostgreSQL 17); no extensions; the runner wraps it in a transaction.
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

-- Adds (collection, address) holdings, one per array element, each worth p_delta; moves
-- collection_stats.owners when an address starts or stops holding.
create function apply_owner_deltas(p_collection_ids bigint[], p_addresses text[], p_delta integer)
returns void language plpgsql as $$
begin
  if coalesce(cardinality(p_collection_ids), 0) = 0 then
    return;
  end if;
  with deltas as (
    select c as collection_id, a as address, (count(*) * p_delta)::integer as n
    from unnest(p_collection_ids, p_addresses) as u (c, a)
    group by c, a
    order by c, a
  ), upserted as (
    insert into collection_owners as o (collection_id, address, inscriptions)
    select collection_id, address, n from deltas
    on conflict (collection_id, address) do update set inscriptions = o.inscriptions + excluded.inscriptions
    returning o.collection_id, o.address, o.inscriptions
  ), moves as (
    select u.collection_id,
      sum(case when u.inscriptions > 0 and u.inscriptions - d.n <= 0 then 1
               when u.inscriptions <= 0 and u.inscriptions - d.n > 0 then -1
               else 0 end)::integer as owners
    from upserted u join deltas d using (collection_id, address)
    group by u.collection_id
  )
  update collection_stats s set owners = s.owners + m.owners
  from moves m
  where s.collection_id = m.collection_id and m.owners <> 0;

  delete from collection_owners o
  using unnest(p_collection_ids, p_addresses) as u (c, a)
  where o.collection_id = u.c and o.address = u.a and o.inscriptions <= 0;
end;
$$;

-- Every trigger below is statement-level with one transition table, `changed`, and takes the sign
-- of its rows as its argument: +1 for inserted rows and the new side of an update, -1 for deleted
-- rows and the old side. An update therefore fires a pair, old rows first (triggers on one event
-- fire in name order: *_update_1_old, then *_update_2_new).

create function collection_stats_on_collections() returns trigger language plpgsql as $$
begin
  insert into collection_stats (collection_id) select id from changed on conflict do nothing;
  return null;
end;
$$;
create trigger collections_stats_row after insert on collections
  referencing new table as changed for each statement execute function collection_stats_on_collections();

-- inscriptions: supply, collection_items, and the holdings of inscriptions entering or leaving a
-- collection.
create function collection_stats_on_inscriptions() returns trigger language plpgsql as $$
declare
  sign integer := tg_argv[0]::integer;
begin
  if sign < 0 then
    delete from collection_items n using changed r where n.inscription_id = r.inscription_id;
  else
    insert into collection_items (inscription_id, collection_id, number)
    select r.inscription_id, r.collection_id, c.number
    from changed r left join chain_inscriptions c on c.inscription_id = r.inscription_id
    where r.collection_id is not null
    order by r.inscription_id;
  end if;

  update collection_stats s set supply = s.supply + sign * d.n
  from (
    select collection_id, count(*)::integer as n from changed
    where collection_id is not null group by collection_id order by collection_id
  ) d
  where s.collection_id = d.collection_id;

  perform apply_owner_deltas(array_agg(r.collection_id), array_agg(c.address), sign)
  from changed r join chain_inscriptions c on c.inscription_id = r.inscription_id
  where r.collection_id is not null and c.address is not null;
  return null;
end;
$$;
create trigger inscriptions_stats_insert after insert on inscriptions
  referencing new table as changed for each statement
  execute function collection_stats_on_inscriptions('1');
create trigger inscriptions_stats_delete after delete on inscriptions
  referencing old table as changed for each statement
  execute function collection_stats_on_inscriptions('-1');
create trigger inscriptions_stats_update_1_old after update on inscriptions
  referencing old table as changed for each statement
  execute function collection_stats_on_inscriptions('-1');
create trigger inscriptions_stats_update_2_new after update on inscriptions
  referencing new table as changed for each statement
  execute function collection_stats_on_inscriptions('1');

-- chain_inscriptions (the indexer: reveals, moves, reorg rollbacks): holdings by current address,
-- and the numbers of collection_items (a number never changes, so moves leave them alone).
-- Inscriptions in no collection cost one primary-key probe each.
create function collection_stats_on_chain_inscriptions() returns trigger language plpgsql as $$
begin
  if tg_op <> 'UPDATE' then
    update collection_items n set number = case when tg_op = 'INSERT' then r.number end
    from changed r where n.inscription_id = r.inscription_id;
  end if;
  perform apply_owner_deltas(array_agg(i.collection_id), array_agg(r.address), tg_argv[0]::integer)
  from changed r join inscriptions i on i.inscription_id = r.inscription_id
  where i.collection_id is not null and r.address is not null;
  return null;
end;
$$;
create trigger chain_inscriptions_owners_insert after insert on chain_inscriptions
  referencing new table as changed for each statement
  execute function collection_stats_on_chain_inscriptions('1');
create trigger chain_inscriptions_owners_delete after delete on chain_inscriptions
  referencing old table as changed for each statement
  execute function collection_stats_on_chain_inscriptions('-1');
create trigger chain_inscriptions_owners_update_1_old after update on chain_inscriptions
  referencing old table as changed for each statement
  execute function collection_stats_on_chain_inscriptions('-1');
create trigger chain_inscriptions_owners_update_2_new after update on chain_inscriptions
  referencing new table as changed for each statement
  execute function collection_stats_on_chain_inscriptions('1');

-- orderbook: the listed count by delta; the floor is re-read from the listed index (its first
-- entry) after locking the stats row, so a statement that waited for another writer's lock reads
-- that writer's committed listings in its new snapshot (READ COMMITTED) and never a stale floor.
create function collection_stats_on_orderbook() returns trigger language plpgsql as $$
declare
  sign integer := tg_argv[0]::integer;
  touched bigint[];
begin
  touched := array(
    select distinct collection_id from changed
    where status = 'active' and phase_id is null and collection_id is not null
    order by collection_id);
  if cardinality(touched) = 0 then
    return null;
  end if;
  perform 1 from collection_stats where collection_id = any (touched) order by collection_id for update;

  update collection_stats s set listed = s.listed + sign * d.n
  from (
    select collection_id, count(*)::integer as n from changed
    where status = 'active' and phase_id is null and collection_id is not null
    group by collection_id
  ) d
  where s.collection_id = d.collection_id;

  update collection_stats s set floor_price = (
    select o.price from orderbook o
    where o.collection_id = s.collection_id and o.status = 'active' and o.phase_id is null
    order by o.price limit 1)
  where s.collection_id = any (touched);
  return null;
end;
$$;
create trigger orderbook_stats_insert after insert on orderbook
  referencing new table as changed for each statement
  execute function collection_stats_on_orderbook('1');
create trigger orderbook_stats_delete after delete on orderbook
  referencing old table as changed for each statement
  execute function collection_stats_on_orderbook('-1');
create trigger orderbook_stats_update_1_old after update on orderbook
  referencing old table as changed for each statement
  execute function collection_stats_on_orderbook('-1');
create trigger orderbook_stats_update_2_new after update on orderbook
  referencing new table as changed for each statement
  execute function collection_stats_on_orderbook('1');

-- trade_history: all-time volume and sales (a status change moves a row in or out of the sales).
create function collection_stats_on_trade_history() returns trigger language plpgsql as $$
declare
  sign integer := tg_argv[0]::integer;
begin
  update collection_stats s
  set volume_all = s.volume_all + sign * d.volume, sales_all = s.sales_all + sign * d.sales
  from (
    select c.id, sum(t.price)::bigint as volume, count(*)::integer as sales
    from changed t join collections c on c.slug = t.collection_slug
    where t.trade_status in ('initiated', 'mempool', 'confirmed')
    group by c.id order by c.id
  ) d
  where s.collection_id = d.id;
  return null;
end;
$$;
create trigger trade_history_stats_insert after insert on trade_history
  referencing new table as changed for each statement
  execute function collection_stats_on_trade_history('1');
create trigger trade_history_stats_delete after delete on trade_history
  referencing old table as changed for each statement
  execute function collection_stats_on_trade_history('-1');
create trigger trade_history_stats_update_1_old after update on trade_history
  referencing old table as changed for each statement
  execute function collection_stats_on_trade_history('-1');
create trigger trade_history_stats_update_2_new after update on trade_history
  referencing new table as changed for each statement
  execute function collection_stats_on_trade_history('1');

-- Recomputes every cached figure from the tables: fills the cache for rows that predate this
-- migration, and repairs it after a bulk load made with triggers disabled.
create function rebuild_collection_stats() returns void language sql as $$
  delete from collection_items;
  insert into collection_items (inscription_id, collection_id, number)
  select i.inscription_id, i.collection_id, c.number
  from inscriptions i left join chain_inscriptions c on c.inscription_id = i.inscription_id
  where i.collection_id is not null;

  delete from collection_owners;
  insert into collection_owners (collection_id, address, inscriptions)
  select i.collection_id, c.address, count(*)
  from inscriptions i join chain_inscriptions c on c.inscription_id = i.inscription_id
  where i.collection_id is not null and c.address is not null
  group by i.collection_id, c.address;

  delete from collection_stats;
  insert into collection_stats (collection_id, supply, listed, floor_price, owners, volume_all, sales_all)
  select c.id,
    (select count(*) from inscriptions i where i.collection_id = c.id),
    coalesce(l.listed, 0), l.floor_price,
    (select count(*) from collection_owners o where o.collection_id = c.id),
    coalesce(t.volume, 0), coalesce(t.sales, 0)
  from collections c
  left join (
    select collection_id, count(*) as listed, min(price) as floor_price from orderbook
    where status = 'active' and phase_id is null group by collection_id
  ) l on l.collection_id = c.id
  left join (
    select collection_slug, sum(price) as volume, count(*) as sales from trade_history
    where trade_status in ('initiated', 'mempool', 'confirmed') group by collection_slug
  ) t on t.collection_slug = c.slug;
$$;
select rebuild_collection_stats();

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

-- ── Helpers ─────────────────────────────────────────────────────────────────────────────────
-- Functions used inside other queries are SQL returning a table, so the planner inlines them into
-- the caller's query (a scalar function with subqueries would run as a separate call per row).
-- The reads behind a page view with a query of many parts (the list, the stats row, the chart, the
-- inscriptions) are PL/pgSQL instead: a SQL function is inlined and planned again on every call,
-- 1 to 2 ms each, where PL/pgSQL keeps its statements' plans per connection. Those plans are
-- generic (plan_cache_mode): they serve every argument, since each statement's shape, not the
-- planner's guess about an argument, picks its indexes.

create function escape_like(p_text text) returns text language sql immutable as $$
  select replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_')
$$;

-- Floor change in percent, two decimals; null without both floors.
create function floor_percent_change(p_now bigint, p_then bigint) returns numeric
language sql immutable as $$
  select case when p_then > 0 and p_now is not null then round((p_now - p_then) * 100.0 / p_then, 2) end
$$;

-- The floor at a moment: the cheapest listing on sale then. Open listings are walked cheapest first
-- (the first one listed early enough is the answer, usually within a few entries); closed ones
-- only from those closed after the moment. offset 0 keeps the result a column: inlined, the
-- subqueries would be copied into every expression that uses it (and floor_percent_change would
-- be called per row instead of inlined).
create function collection_floor_at(p_collection_id bigint, p_at timestamptz)
returns table (floor_price bigint) language sql stable as $$
  select f.floor_price from (
    select least(
      (select o.price from orderbook o
       where o.collection_id = p_collection_id and o.phase_id is null and o.listed_at is not null
         and o.closed_at is null and o.listed_at <= p_at
       order by o.price limit 1),
      (select min(o.price) from orderbook o
       where o.collection_id = p_collection_id and o.phase_id is null and o.listed_at is not null
         and o.closed_at is not null and o.closed_at > p_at and o.listed_at <= p_at)) as floor_price
    offset 0
  ) f
$$;

-- ── Collections ─────────────────────────────────────────────────────────────────────────────
create function get_floor_price(p_slug text) returns bigint language sql stable as $$
  select s.floor_price
  from collections c join collection_stats s on s.collection_id = c.id
  where c.slug = p_slug and not c.is_under_review
$$;

-- One row with percent_change (spec 001 §3); windows end now.
create function get_collection_stats(p_slug text)
returns table (floor_price bigint, percent_change numeric, volume_1d bigint, volume_7d bigint,
  volume_30d bigint, volume_all bigint, sales_1d integer, sales_all integer, listed integer,
  supply integer, owners integer)
language plpgsql stable set plan_cache_mode = force_generic_plan as $$
#variable_conflict use_column
begin
  return query
    select s.floor_price, floor_percent_change(s.floor_price, f.floor_price),
      w.volume_1d, w.volume_7d, w.volume_30d, s.volume_all, w.sales_1d, s.sales_all, s.listed,
      s.supply, s.owners
    from collections c
    join collection_stats s on s.collection_id = c.id
    cross join lateral collection_floor_at(c.id, now() - interval '1 day') f
    cross join lateral (
      select
        coalesce(sum(t.price) filter (where t.created_at > now() - interval '1 day'), 0)::bigint as volume_1d,
        coalesce(sum(t.price) filter (where t.created_at > now() - interval '7 days'), 0)::bigint as volume_7d,
        coalesce(sum(t.price), 0)::bigint as volume_30d,
        (count(*) filter (where t.created_at > now() - interval '1 day'))::integer as sales_1d
      from trade_history t
      where t.collection_slug = c.slug and t.created_at > now() - interval '30 days'
        and t.trade_status in ('initiated', 'mempool', 'confirmed')
    ) w
    where c.slug = p_slug and not c.is_under_review;
end;
$$;

create function get_collections_count(p_search text, p_category text) returns bigint
language sql stable as $$
  select count(*)
  from collections c
  where not c.is_under_review
    and (p_category is null or c.category = p_category)
    and (p_search is null or c.name ilike '%' || escape_like(p_search) || '%'
      or c.slug ilike '%' || escape_like(p_search) || '%')
$$;

-- The list: cached figures of every visible collection, ranked, then a page. The figures that
-- slide with the clock are computed for the page's rows only (a few index entries each), unless
-- the list is sorted by one: then the 1-day volume of every collection comes from one index-only
-- range over the last day's sales, and the change from each collection's floor a day ago.
create function get_collections(p_search text, p_category text, p_sort text, p_limit integer,
  p_offset bigint)
returns table (id bigint, slug text, name text, icon text, category text, is_zero_fee boolean,
  floor_price bigint, volume bigint, volume_1d bigint, listed_count integer, supply integer,
  owners integer, percent_change numeric)
language plpgsql stable set plan_cache_mode = force_generic_plan as $$
#variable_conflict use_column
begin
  return query
    with visible as (
      select c.id, c.slug, c.name, c.icon, c.category, c.is_zero_fee, c.created_at, s.floor_price,
        s.volume_all, s.listed, s.supply, s.owners
      from collections c join collection_stats s on s.collection_id = c.id
      where not c.is_under_review
        and (p_category is null or c.category = p_category)
        and (p_search is null or c.name ilike '%' || escape_like(p_search) || '%'
          or c.slug ilike '%' || escape_like(p_search) || '%')
    ), last_day as (
      select t.collection_slug, sum(t.price)::bigint as volume
      from trade_history t
      where t.trade_status in ('initiated', 'mempool', 'confirmed')
        and t.created_at > now() - interval '1 day'
      group by t.collection_slug
    ), ranked as (
      select v.*, d.volume_1d, ch.change, row_number() over (order by
        case when p_sort = 'volume_desc' then v.volume_all end desc nulls last,
        case when p_sort = 'volume_1d_desc' then d.volume_1d end desc nulls last,
        case when p_sort = 'floor_asc' then v.floor_price end asc nulls last,
        case when p_sort = 'floor_desc' then v.floor_price end desc nulls last,
        case when p_sort = 'listed_desc' then v.listed end desc nulls last,
        case when p_sort = 'owners_desc' then v.owners end desc nulls last,
        case when p_sort = 'change_desc' then ch.change end desc nulls last,
        case when p_sort = 'newest' then v.created_at end desc nulls last,
        lower(v.name), v.id) as position
      from visible v
      left join lateral (
        select coalesce((select l.volume from last_day l where l.collection_slug = v.slug), 0) as volume_1d
        where p_sort = 'volume_1d_desc'
      ) d on true
      left join lateral (
        select floor_percent_change(v.floor_price, f.floor_price) as change
        from collection_floor_at(v.id, now() - interval '1 day') f
        where p_sort = 'change_desc'
      ) ch on true
    )
    select r.id, r.slug, r.name, r.icon, r.category, r.is_zero_fee, r.floor_price, r.volume_all,
      coalesce(r.volume_1d, (
        select coalesce(sum(t.price), 0)::bigint from trade_history t
        where t.collection_slug = r.slug and t.created_at > now() - interval '1 day'
          and t.trade_status in ('initiated', 'mempool', 'confirmed'))),
      r.listed, r.supply, r.owners,
      case when p_sort = 'change_desc' then r.change
        else floor_percent_change(r.floor_price, f.floor_price) end
    from ranked r
    cross join lateral collection_floor_at(r.id, now() - interval '1 day') f
    where r.position > p_offset and r.position <= p_offset + p_limit
    order by r.position;
end;
$$;

-- Categories of visible collections with how many each has, largest first (fetched by 1000).
create function get_collection_categories(p_limit integer, p_offset bigint)
returns table (category text, collections bigint)
language sql stable as $$
  select c.category, count(*)
  from collections c
  where not c.is_under_review and c.category is not null
  group by c.category
  order by count(*) desc, c.category
  limit p_limit offset p_offset
$$;

-- The floor price chart (spec 001 §2): one point per bucket from start_date's bucket to now's,
-- buckets aligned to the interval (weeks start on Monday, UTC); a bucket's floor is the minimum
-- price among listings on sale during it (listed_at <= its end, closed_at null or after its start),
-- null without any. Still-open listings are on sale from their first bucket onwards, so their
-- floor is a running minimum over the buckets; closed ones are spread over the buckets they cover.
-- The cost follows the listings of the window (its closed ones, and every open one), never the
-- collection's whole history. Bucket numbers are computed in float8 seconds (date_part), not with
-- extract's numeric.
create function get_continuous_floor_prices(collection_slug text, bucket_interval interval,
  start_date timestamptz)
returns table (bucket timestamptz, floor_price bigint)
language plpgsql stable set plan_cache_mode = force_generic_plan as $$
#variable_conflict use_column
begin
  return query
    with grid as (
      select c.id as collection_id, g.first_bucket, date_part('epoch', g.first_bucket) as first_epoch,
        g.step, floor((date_part('epoch', now()) - date_part('epoch', g.first_bucket)) / g.step)::integer as last_k
      from collections c
      cross join lateral (
        select date_bin(get_continuous_floor_prices.bucket_interval,
            get_continuous_floor_prices.start_date, timestamptz '2001-01-01 00:00:00+00') as first_bucket,
          date_part('epoch', get_continuous_floor_prices.bucket_interval) as step
      ) g
      where c.slug = get_continuous_floor_prices.collection_slug and not c.is_under_review
    ), buckets as (
      select k, g.first_bucket + make_interval(secs => k * g.step) as bucket_start
      from grid g cross join generate_series(0, g.last_k) as k
    ), open_from as (
      select greatest(0, ceil((date_part('epoch', o.listed_at) - g.first_epoch) / g.step) - 1)::integer as k,
        min(o.price) as price
      from grid g join orderbook o on o.collection_id = g.collection_id
      where o.phase_id is null and o.listed_at is not null and o.closed_at is null
      group by 1
    ), open_floor as (
      select b.k, b.bucket_start, min(f.price) over (order by b.k) as price
      from buckets b left join open_from f on f.k = b.k
    ), closed_spans as (
      -- Closed listings of the window by the span of buckets they cover, the cheapest per span:
      -- a handful of spans for thousands of listings, so spreading them over buckets is cheap.
      select s.k1, s.k2, min(s.price) as price
      from (
        select greatest(0, ceil((date_part('epoch', o.listed_at) - g.first_epoch) / g.step) - 1)::integer as k1,
          least(g.last_k, ceil((date_part('epoch', o.closed_at) - g.first_epoch) / g.step)::integer - 1) as k2,
          o.price
        from grid g join orderbook o on o.collection_id = g.collection_id
        where o.phase_id is null and o.listed_at is not null and o.closed_at is not null
          and o.closed_at > g.first_bucket and o.listed_at <= now()
      ) s
      group by s.k1, s.k2
    ), closed_floor as (
      -- The open floor never rises from one bucket to the next, so a span no cheaper than it in its
      -- first bucket lowers no bucket: only the others are spread.
      select b.k, min(c.price) as price
      from closed_spans c
      join open_floor f on f.k = c.k1
      cross join lateral generate_series(c.k1, c.k2) as b (k)
      where f.price is null or c.price < f.price
      group by b.k
    )
    select f.bucket_start, least(f.price, c.price)
    from open_floor f left join closed_floor c on c.k = f.k
    order by f.k;
end;
$$;

-- ── A collection's inscriptions ─────────────────────────────────────────────────────────────
-- The (category, value) pairs of a trait filter, each with its category's bit, and the mask of
-- every category's bit: an inscription matches when the bits of its matching values OR to the
-- mask (a hash aggregate, where count(distinct category) would sort every matching row). The API
-- takes at most 50 values, so categories fit in a bigint. Its own function for its row estimate:
-- the planner guesses 100 rows per jsonb set function, 10,000 for two nested ones, a cost high
-- enough to have PostgreSQL JIT-compile the query (a quarter of a second) for a handful of rows.
create function trait_filter_pairs(p_traits jsonb)
returns table (category text, value text, category_bit bigint, all_bits bigint)
language plpgsql immutable rows 4 as $$
begin
  return query
  select t.key, v.value, 1::bigint << (t.n - 1)::integer,
    (1::bigint << (select count(*) from jsonb_object_keys(p_traits))::integer) - 1
  from jsonb_each(p_traits) with ordinality as t (key, value, n)
  cross join lateral jsonb_array_elements_text(t.value) as v (value);
end;
$$;

-- The inscriptions passing the trait and search filters, or null without any. traits is
-- {"Category": ["Value", ...], ...}: values of one category OR, categories AND; each value is one
-- range of the attributes index (offset 0 keeps those lookups from becoming a scan of the
-- collection's attributes). search matches a name (substring, any case), an inscription id or
-- an inscription number.
create function collection_filter_ids(p_collection_id bigint, p_traits jsonb, p_search text)
returns table (ids text[]) language sql stable as $$
  select case
    when coalesce(p_traits, '{}') = '{}' and nullif(btrim(p_search), '') is null then null
    when coalesce(p_traits, '{}') = '{}' then array(
      select i.inscription_id
      from inscriptions i left join collection_items n on n.inscription_id = i.inscription_id
      where i.collection_id = p_collection_id
        and (i.name ilike '%' || escape_like(btrim(p_search)) || '%'
          or i.inscription_id = lower(btrim(p_search))
          or n.number = case when btrim(p_search) ~ '^-?\d{1,18}$' then btrim(p_search)::bigint end))
    else array(
      select m.inscription_id
      from (
        select a.inscription_id
        from trait_filter_pairs(p_traits) as t
        cross join lateral (
          select x.inscription_id from attributes x
          where x.collection_id = p_collection_id and x.category = t.category and x.value = t.value
          offset 0
        ) a
        group by a.inscription_id
        having bit_or(t.category_bit) = min(t.all_bits)
      ) m
      where nullif(btrim(p_search), '') is null or exists (
        select 1
        from inscriptions i left join collection_items n on n.inscription_id = i.inscription_id
        where i.inscription_id = m.inscription_id
          and (i.name ilike '%' || escape_like(btrim(p_search)) || '%'
            or i.inscription_id = lower(btrim(p_search))
            or n.number = case when btrim(p_search) ~ '^-?\d{1,18}$' then btrim(p_search)::bigint end)))
  end
$$;

-- How many listed and unlisted inscriptions a page's filters select. Listed: an active listing of
-- this collection within the price bounds; price bounds select listed inscriptions only. Without
-- filters the answer is the cache's.
create function collection_page_counts(p_collection_id bigint, p_status text, p_min_price bigint,
  p_max_price bigint, p_ids text[])
returns table (listed bigint, unlisted bigint) language sql stable as $$
  select
    case
      when p_status = 'unlisted' then 0
      when p_ids is not null then m.in_range
      when p_min_price is null and p_max_price is null then s.listed
      else (
        select count(*) from orderbook o
        where o.collection_id = p_collection_id and o.status = 'active' and o.phase_id is null
          and o.price between coalesce(p_min_price, 0) and coalesce(p_max_price, 9223372036854775807))
    end,
    case
      when p_status = 'listed' or p_min_price is not null or p_max_price is not null then 0
      when p_ids is not null then cardinality(p_ids) - m.listed
      else s.supply - s.listed
    end
  from collection_stats s
  -- The filtered inscriptions' listings, in one walk of the collection's listed ones.
  left join lateral (
    select count(*) as listed,
      count(*) filter (where o.price between coalesce(p_min_price, 0)
        and coalesce(p_max_price, 9223372036854775807)) as in_range
    from orderbook o
    where p_ids is not null and o.collection_id = p_collection_id and o.status = 'active'
      and o.phase_id is null and o.inscription_id in (select unnest(p_ids))
  ) m on true
  where s.collection_id = p_collection_id
$$;

-- The rows a page's filters select (null for an unknown or hidden slug): the same statements as
-- the page's own count, in PL/pgSQL for the same cached plans.
create function get_inscriptions_count_by_collection_slug(p_slug text, p_status text,
  p_min_price bigint, p_max_price bigint, p_traits jsonb, p_search text default null)
returns bigint language plpgsql stable set plan_cache_mode = force_generic_plan as $$
declare
  v_collection bigint;
  v_ids text[];
  v_total bigint;
begin
  select c.id into v_collection from collections c where c.slug = p_slug and not c.is_under_review;
  if not found then
    return null;
  end if;
  select f.ids into v_ids from collection_filter_ids(v_collection, p_traits, p_search) f;
  select n.listed + n.unlisted into v_total
  from collection_page_counts(v_collection, p_status, p_min_price, p_max_price, v_ids) n;
  return v_total;
end;
$$;

-- A page of a collection's inscriptions with their active listing. status: all, listed or
-- unlisted. Sorts: price_asc, price_desc and recently_listed give the listed rows in that order,
-- then the unlisted ones by number; number_asc and number_desc mix both (an inscription the indexer
-- has not seen yet, without a number, comes last, or first in number_desc). total, the same on
-- every row, counts the rows the filters select; an empty page has no row, so ask
-- get_inscriptions_count_by_collection_slug.
-- PL/pgSQL for two reasons: every order is a walk of an index that stops after the page (the
-- listed index by price or by listing time, collection_items by number), which takes one statement
-- per order since an ORDER BY of CASEs can use no index; and those statements' plans are cached per
-- connection instead of being made on every call. Those plans are generic (planned once, for any
-- argument): the walks test each row's listing with a subquery on the one-active-listing index,
-- which no plan can turn into a join over the whole collection.
create function get_inscriptions_with_price_by_collection_slug(p_slug text, p_status text,
  p_min_price bigint, p_max_price bigint, p_traits jsonb, p_sort text, p_limit integer,
  p_offset bigint, p_search text default null)
returns table (inscription_id text, inscription_number bigint, name text, content_type text,
  owner text, listing_id uuid, price bigint, is_snipe_protected boolean, listed_at timestamptz,
  total bigint)
language plpgsql stable set plan_cache_mode = force_generic_plan as $$
#variable_conflict use_column
declare
  v_collection bigint;
  v_ids text[];
  v_listed bigint;
  v_unlisted bigint;
  v_min bigint := coalesce(p_min_price, 0);
  v_max bigint := coalesce(p_max_price, 9223372036854775807);
  v_priced boolean := p_min_price is not null or p_max_price is not null;
  v_listed_on_page bigint;
begin
  select c.id into v_collection from collections c where c.slug = p_slug and not c.is_under_review;
  if not found then
    return;
  end if;
  select f.ids into v_ids from collection_filter_ids(v_collection, p_traits, p_search) f;
  select n.listed, n.unlisted into v_listed, v_unlisted
  from collection_page_counts(v_collection, p_status, p_min_price, p_max_price, v_ids) n;

  if p_sort = 'number_asc' then
    return query
    select n.inscription_id, n.number, i.name, ci.content_type, ci.address, o.id, o.price,
      coalesce(o.is_snipe_protected, false), o.listed_at, v_listed + v_unlisted
    from (
      select n.inscription_id, n.number
      from collection_items n
      where n.collection_id = v_collection
        and (v_ids is null or n.inscription_id in (select unnest(v_ids)))
        and case
          when p_status = 'all' and not v_priced then true
          when p_status = 'unlisted' then not v_priced and (
            select o.price from orderbook o
            where o.inscription_id = n.inscription_id and o.collection_id = v_collection
              and o.status = 'active' and o.phase_id is null) is null
          else (
            select o.price from orderbook o
            where o.inscription_id = n.inscription_id and o.collection_id = v_collection
              and o.status = 'active' and o.phase_id is null) between v_min and v_max
        end
      order by n.number, n.inscription_id
      limit p_limit offset p_offset
    ) n
    join inscriptions i on i.inscription_id = n.inscription_id
    left join lateral (
      select o.id, o.price, o.is_snipe_protected, o.listed_at from orderbook o
      where o.inscription_id = n.inscription_id and o.collection_id = v_collection
        and o.status = 'active' and o.phase_id is null
      limit 1
    ) o on true
    left join chain_inscriptions ci on ci.inscription_id = n.inscription_id
    order by n.number, n.inscription_id;
    return;
  elsif p_sort = 'number_desc' then
    return query
    select n.inscription_id, n.number, i.name, ci.content_type, ci.address, o.id, o.price,
      coalesce(o.is_snipe_protected, false), o.listed_at, v_listed + v_unlisted
    from (
      select n.inscription_id, n.number
      from collection_items n
      where n.collection_id = v_collection
        and (v_ids is null or n.inscription_id in (select unnest(v_ids)))
        and case
          when p_status = 'all' and not v_priced then true
          when p_status = 'unlisted' then not v_priced and (
            select o.price from orderbook o
            where o.inscription_id = n.inscription_id and o.collection_id = v_collection
              and o.status = 'active' and o.phase_id is null) is null
          else (
            select o.price from orderbook o
            where o.inscription_id = n.inscription_id and o.collection_id = v_collection
              and o.status = 'active' and o.phase_id is null) between v_min and v_max
        end
      order by n.number desc, n.inscription_id desc
      limit p_limit offset p_offset
    ) n
    join inscriptions i on i.inscription_id = n.inscription_id
    left join lateral (
      select o.id, o.price, o.is_snipe_protected, o.listed_at from orderbook o
      where o.inscription_id = n.inscription_id and o.collection_id = v_collection
        and o.status = 'active' and o.phase_id is null
      limit 1
    ) o on true
    left join chain_inscriptions ci on ci.inscription_id = n.inscription_id
    order by n.number desc, n.inscription_id desc;
    return;
  end if;

  -- The page's rows are picked from the listed index alone, then joined: a generic plan must not
  -- join every listed row before sorting.
  v_listed_on_page := greatest(0, least(p_limit, v_listed - p_offset));
  if v_listed_on_page > 0 and p_sort = 'price_desc' then
    return query
    select o.inscription_id, ci.number, i.name, ci.content_type, ci.address, o.id, o.price,
      o.is_snipe_protected, o.listed_at, v_listed + v_unlisted
    from (
      select o.inscription_id, o.id, o.price, o.is_snipe_protected, o.listed_at
      from orderbook o
      where o.collection_id = v_collection and o.status = 'active' and o.phase_id is null
        and o.price between v_min and v_max
        and (v_ids is null or o.inscription_id in (select unnest(v_ids)))
      order by o.price desc, o.inscription_id desc
      limit v_listed_on_page offset p_offset
    ) o
    join inscriptions i on i.inscription_id = o.inscription_id
    left join chain_inscriptions ci on ci.inscription_id = o.inscription_id
    order by o.price desc, o.inscription_id desc;
  elsif v_listed_on_page > 0 and p_sort = 'recently_listed' then
    return query
    select o.inscription_id, ci.number, i.name, ci.content_type, ci.address, o.id, o.price,
      o.is_snipe_protected, o.listed_at, v_listed + v_unlisted
    from (
      select o.inscription_id, o.id, o.price, o.is_snipe_protected, o.listed_at
      from orderbook o
      where o.collection_id = v_collection and o.status = 'active' and o.phase_id is null
        and o.price between v_min and v_max
        and (v_ids is null or o.inscription_id in (select unnest(v_ids)))
      order by o.listed_at desc nulls last, o.inscription_id
      limit v_listed_on_page offset p_offset
    ) o
    join inscriptions i on i.inscription_id = o.inscription_id
    left join chain_inscriptions ci on ci.inscription_id = o.inscription_id
    order by o.listed_at desc nulls last, o.inscription_id;
  elsif v_listed_on_page > 0 then
    return query
    select o.inscription_id, ci.number, i.name, ci.content_type, ci.address, o.id, o.price,
      o.is_snipe_protected, o.listed_at, v_listed + v_unlisted
    from (
      select o.inscription_id, o.id, o.price, o.is_snipe_protected, o.listed_at
      from orderbook o
      where o.collection_id = v_collection and o.status = 'active' and o.phase_id is null
        and o.price between v_min and v_max
        and (v_ids is null or o.inscription_id in (select unnest(v_ids)))
      order by o.price, o.inscription_id
      limit v_listed_on_page offset p_offset
    ) o
    join inscriptions i on i.inscription_id = o.inscription_id
    left join chain_inscriptions ci on ci.inscription_id = o.inscription_id
    order by o.price, o.inscription_id;
  end if;

  if p_limit > v_listed_on_page and v_unlisted > 0 then
    return query
    select n.inscription_id, n.number, i.name, ci.content_type, ci.address, null::uuid,
      null::bigint, false, null::timestamptz, v_listed + v_unlisted
    from (
      select n.inscription_id, n.number
      from collection_items n
      where n.collection_id = v_collection
        and (v_ids is null or n.inscription_id in (select unnest(v_ids)))
        and (
          select o.price from orderbook o
          where o.inscription_id = n.inscription_id and o.collection_id = v_collection
            and o.status = 'active' and o.phase_id is null) is null
      order by n.number, n.inscription_id
      limit p_limit - v_listed_on_page offset greatest(0, p_offset - v_listed)
    ) n
    join inscriptions i on i.inscription_id = n.inscription_id
    left join chain_inscriptions ci on ci.inscription_id = n.inscription_id
    order by n.number, n.inscription_id;
  end if;
end;
$$;

-- ── Orders and activity ─────────────────────────────────────────────────────────────────────
-- An order book entry as the market shows it; never the maker's signed PSBT.
create type market_listing as (id uuid, inscription_id text, price bigint, status text,
  outpoint text, collection_slug text, inscription_name text, content_type text,
  maker_ordinal_address text, maker_payment_address text, maker_fee bigint,
  is_snipe_protected boolean, transaction_id text, listed_at timestamptz, created_at timestamptz);

create function get_orderbook_by_inscription_id(p_inscription_id text)
returns setof market_listing language sql stable as $$
  select o.id, o.inscription_id, o.price, o.status, o.outpoint, c.slug, i.name, ci.content_type,
    o.maker_ordinal_address, o.maker_payment_address, o.maker_fee, o.is_snipe_protected,
    o.transaction_id, o.listed_at, o.created_at
  from orderbook o
  left join collections c on c.id = o.collection_id
  left join inscriptions i on i.inscription_id = o.inscription_id
  left join chain_inscriptions ci on ci.inscription_id = o.inscription_id
  where o.inscription_id = p_inscription_id and o.phase_id is null
  order by o.created_at desc, o.id desc
$$;

-- Marketplace listings (GET /api/listings), newest first; p_status 'any' for every status.
create function get_listings(p_slug text, p_maker text, p_status text, p_limit integer,
  p_offset bigint)
returns setof market_listing language sql stable as $$
  select o.id, o.inscription_id, o.price, o.status, o.outpoint, c.slug, i.name, ci.content_type,
    o.maker_ordinal_address, o.maker_payment_address, o.maker_fee, o.is_snipe_protected,
    o.transaction_id, o.listed_at, o.created_at
  from orderbook o
  left join collections c on c.id = o.collection_id
  left join inscriptions i on i.inscription_id = o.inscription_id
  left join chain_inscriptions ci on ci.inscription_id = o.inscription_id
  where o.phase_id is null
    and (p_status = 'any' or o.status = p_status)
    and (p_slug is null or o.collection_id = (select x.id from collections x where x.slug = p_slug))
    and (p_maker is null or o.maker_ordinal_address = p_maker)
  order by o.created_at desc, o.id desc
  limit p_limit offset p_offset
$$;

-- The trades of an address, as seller (maker) or buyer (taker), newest first: each side is one
-- index walk of offset + limit rows.
create function get_orders_activity_by_address(p_address text, p_limit integer, p_offset bigint)
returns setof trade_history language sql stable as $$
  select t.* from (
    (select * from trade_history where maker_address = p_address
     order by created_at desc, id desc limit p_limit + p_offset)
    union all
    (select * from trade_history where taker_address = p_address and maker_address <> p_address
     order by created_at desc, id desc limit p_limit + p_offset)
  ) t
  order by t.created_at desc, t.id desc
  limit p_limit offset p_offset
$$;

-- Every trade of the given orders (the pending-purchase tracker), newest first.
create function get_trade_history_by_order_id(order_ids uuid[])
returns setof trade_history language sql stable as $$
  select * from trade_history t
  where t.order_id = any (get_trade_history_by_order_id.order_ids)
  order by t.created_at desc, t.id desc
$$;

-- The market's activity over the last p_interval (slug null: every collection), newest first;
-- canceled trades never happened, and a collection under review shows nothing. Intervals beyond
-- 200 years read as 200 years (further back is out of timestamptz's range).
create function fetch_activity(p_interval interval, p_slug text, p_limit integer, p_offset bigint)
returns setof trade_history language sql stable as $$
  select * from trade_history t
  where t.created_at > now() - least(p_interval, interval '200 years')
    and (p_slug is null or t.collection_slug = p_slug)
    and t.trade_status <> 'canceled'
    and not exists (
      select 1 from collections c where c.slug = t.collection_slug and c.is_under_review)
  order by t.created_at desc, t.id desc
  limit p_limit offset p_offset
$$;
