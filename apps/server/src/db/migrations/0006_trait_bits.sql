-- 0006_trait_bits: trait filters from bitmaps (issue 4 benchmark, "collection page with filters").
-- 0003 gathered every inscription matching each filtered trait value from the attributes index and
-- intersected them in a hash aggregate, then walked the page's index testing each row against
-- that set: about 2,000 index entries and a walk of thousands of rows for two traits of a
-- 10,000-item collection. Now each collection item has a slot (0, 1, 2, … in its collection), each
-- (collection, trait, value) a bit string with the bits of its items' slots, kept by triggers, and
-- a filter is a few ANDs and ORs of those strings. A selective filter's few matches are then read
-- by slot and the page is sorted from them; a broad one keeps 0003's walk, which stops early.

alter table collection_items add column slot integer;
alter table collection_stats add column next_slot integer not null default 0;

create table collection_trait_bits (
  collection_id bigint not null references collections (id) on delete cascade,
  category text not null,
  value text not null,
  -- Bit s (from the left, 0-based) is set when the item in slot s has this value. Strings are as
  -- long as the collection's slots were when they were built; readers pad them with zeros.
  bits bit varying not null,
  primary key (collection_id, category, value)
);

-- Rebuilds the strings of these (collection, category, value) keys (null: every key) from the
-- attributes: each string is its items' slots in order, each '1' preceded by the zeros since the
-- previous slot, so building one costs its items, not its collection's size.
create function rebuild_trait_bits(p_keys jsonb default null) returns void language plpgsql as $$
begin
  if p_keys is null then
    delete from collection_trait_bits;
  else
    delete from collection_trait_bits b
    using jsonb_to_recordset(p_keys) as k (collection_id bigint, category text, value text)
    where b.collection_id = k.collection_id and b.category = k.category and b.value = k.value;
  end if;
  insert into collection_trait_bits (collection_id, category, value, bits)
  select s.collection_id, s.category, s.value,
    (string_agg(repeat('0', s.slot - coalesce(s.previous, -1) - 1) || '1', '' order by s.slot))::varbit
  from (
    select a.collection_id, a.category, a.value, n.slot,
      lag(n.slot) over (partition by a.collection_id, a.category, a.value order by n.slot) as previous
    from attributes a
    join collection_items n on n.inscription_id = a.inscription_id
    where n.slot is not null
      and (p_keys is null or (a.collection_id, a.category, a.value) in (
        select k.collection_id, k.category, k.value
        from jsonb_to_recordset(p_keys) as k (collection_id bigint, category text, value text)))
  ) s
  group by s.collection_id, s.category, s.value;
end;
$$;

-- attributes: the strings of the values a statement touched are built again.
create function trait_bits_on_attributes() returns trigger language plpgsql as $$
begin
  perform rebuild_trait_bits(jsonb_agg(distinct jsonb_build_object(
    'collection_id', collection_id, 'category', category, 'value', value)))
  from changed;
  return null;
end;
$$;
create trigger attributes_bits_insert after insert on attributes
  referencing new table as changed for each statement execute function trait_bits_on_attributes();
create trigger attributes_bits_delete after delete on attributes
  referencing old table as changed for each statement execute function trait_bits_on_attributes();
create trigger attributes_bits_update_1_old after update on attributes
  referencing old table as changed for each statement execute function trait_bits_on_attributes();
create trigger attributes_bits_update_2_new after update on attributes
  referencing new table as changed for each statement execute function trait_bits_on_attributes();

-- inscriptions (0003's trigger, now also numbering slots): the collection's stats row is locked
-- by the update that takes the next slots, so concurrent writers never share a slot. A removed
-- item's slot stays empty (its attributes went first: they reference it).
create or replace function collection_stats_on_inscriptions() returns trigger language plpgsql as $$
declare
  sign integer := tg_argv[0]::integer;
begin
  if sign < 0 then
    delete from collection_items n using changed r where n.inscription_id = r.inscription_id;
  else
    with added as (
      select collection_id, count(*)::integer as n from changed
      where collection_id is not null group by collection_id order by collection_id
    ), taken as (
      update collection_stats s set next_slot = s.next_slot + a.n
      from added a where s.collection_id = a.collection_id
      returning s.collection_id, s.next_slot - a.n as first_slot
    )
    insert into collection_items (inscription_id, collection_id, number, slot)
    select r.inscription_id, r.collection_id, c.number,
      t.first_slot + (row_number() over (partition by r.collection_id order by r.inscription_id))::integer - 1
    from changed r
    left join chain_inscriptions c on c.inscription_id = r.inscription_id
    left join taken t on t.collection_id = r.collection_id
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

-- 0003's rebuild, now numbering slots and building every string (after a bulk load).
create or replace function rebuild_collection_stats() returns void language plpgsql as $$
begin
  delete from collection_items;
  insert into collection_items (inscription_id, collection_id, number, slot)
  select i.inscription_id, i.collection_id, c.number,
    (row_number() over (partition by i.collection_id order by i.inscription_id))::integer - 1
  from inscriptions i left join chain_inscriptions c on c.inscription_id = i.inscription_id
  where i.collection_id is not null;

  delete from collection_owners;
  insert into collection_owners (collection_id, address, inscriptions)
  select i.collection_id, c.address, count(*)
  from inscriptions i join chain_inscriptions c on c.inscription_id = i.inscription_id
  where i.collection_id is not null and c.address is not null
  group by i.collection_id, c.address;

  delete from collection_stats;
  insert into collection_stats (collection_id, supply, listed, floor_price, owners, volume_all,
    sales_all, next_slot)
  select c.id,
    (select count(*) from inscriptions i where i.collection_id = c.id),
    coalesce(l.listed, 0), l.floor_price,
    (select count(*) from collection_owners o where o.collection_id = c.id),
    coalesce(t.volume, 0), coalesce(t.sales, 0),
    (select count(*) from collection_items n where n.collection_id = c.id)
  from collections c
  left join (
    select collection_id, count(*) as listed, min(price) as floor_price from orderbook
    where status = 'active' and phase_id is null group by collection_id
  ) l on l.collection_id = c.id
  left join (
    select collection_slug, sum(price) as volume, count(*) as sales from trade_history
    where trade_status in ('initiated', 'mempool', 'confirmed') group by collection_slug
  ) t on t.collection_slug = c.slug;

  perform rebuild_trait_bits();
end;
$$;

select rebuild_collection_stats();
alter table collection_items alter column slot set not null;
create unique index collection_items_by_slot on collection_items (collection_id, slot)
  include (inscription_id, number);

-- The slots matching a trait filter ({"Category": ["Value", ...]}: values of a category OR,
-- categories AND) as a bit string as long as the collection's slots; all zeros when a value is
-- unknown.
create function trait_filter_mask(p_collection_id bigint, p_traits jsonb)
returns bit varying language plpgsql stable as $$
declare
  v_length integer;
  v_mask bit varying;
  v_category bit varying;
  v_bits bit varying;
  v_key text;
begin
  select s.next_slot into v_length from collection_stats s where s.collection_id = p_collection_id;
  v_length := coalesce(v_length, 0);
  if v_length = 0 then
    return B'';
  end if;
  for v_key in select jsonb_object_keys(p_traits) loop
    v_category := repeat('0', v_length)::varbit;
    for v_bits in
      select b.bits from collection_trait_bits b
      where b.collection_id = p_collection_id and b.category = v_key
        and b.value in (select jsonb_array_elements_text(p_traits -> v_key))
    loop
      v_category := v_category | (v_bits || repeat('0', v_length - length(v_bits))::varbit);
    end loop;
    v_mask := case when v_mask is null then v_category else v_mask & v_category end;
  end loop;
  return coalesce(v_mask, repeat('1', v_length)::varbit);
end;
$$;

-- The positions of a bit string's set bits (its slots), left to right: position() finds the next
-- '1' after the ones already read, so the cost follows the set bits, not the string's length.
create function set_bits(p_bits bit varying) returns integer[] language plpgsql immutable as $$
declare
  v_slots integer[] := '{}';
  v_done integer := 0;
  v_next integer;
begin
  loop
    v_next := position(B'1' in substring(p_bits from v_done + 1));
    exit when v_next = 0;
    v_done := v_done + v_next;
    v_slots := v_slots || (v_done - 1);
  end loop;
  return v_slots;
end;
$$;

-- A filter selecting at most this many items is read by slot and its page sorted in memory;
-- a broader one walks the page's index in order, which stops after a page.
create function sparse_filter_limit() returns integer language sql immutable as 'select 1000';

-- 0003's counts, where a selective filter's listed items are found by one probe per item of the
-- one-active-listing index instead of a walk of the collection's listings.
create or replace function collection_page_counts(p_collection_id bigint, p_status text,
  p_min_price bigint, p_max_price bigint, p_ids text[])
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
  left join lateral (
    select count(*) as listed,
      count(*) filter (where x.price between coalesce(p_min_price, 0)
        and coalesce(p_max_price, 9223372036854775807)) as in_range
    from (
      -- A lateral LIMIT keeps this one probe per item: a generic plan would hash the listings.
      select o.price
      from unnest(p_ids) as u (inscription_id)
      cross join lateral (
        select o.price from orderbook o
        where o.inscription_id = u.inscription_id and o.collection_id = p_collection_id
          and o.status = 'active' and o.phase_id is null
        limit 1
      ) o
      where cardinality(p_ids) <= sparse_filter_limit()
      union all
      select o.price
      from orderbook o
      where cardinality(p_ids) > sparse_filter_limit() and o.collection_id = p_collection_id
        and o.status = 'active' and o.phase_id is null and o.inscription_id in (select unnest(p_ids))
    ) x
  ) m on p_ids is not null
  where s.collection_id = p_collection_id
$$;

-- 0003's filter, with trait filters from the bit strings: the set slots of a selective mask
-- become ids by the slot index; a broad mask falls back to 0003's gathering from the attributes.
create or replace function collection_filter_ids(p_collection_id bigint, p_traits jsonb, p_search text)
returns table (ids text[]) language plpgsql stable as $$
declare
  v_mask bit varying;
  v_slots integer[];
  v_search text := nullif(btrim(p_search), '');
begin
  if coalesce(p_traits, '{}') = '{}' and v_search is null then
    return query select null::text[];
    return;
  end if;
  if coalesce(p_traits, '{}') = '{}' then
    return query select array(
      select i.inscription_id
      from inscriptions i left join collection_items n on n.inscription_id = i.inscription_id
      where i.collection_id = p_collection_id
        and (i.name ilike '%' || escape_like(v_search) || '%'
          or i.inscription_id = lower(v_search)
          or n.number = case when v_search ~ '^-?\d{1,18}$' then v_search::bigint end));
    return;
  end if;

  v_mask := trait_filter_mask(p_collection_id, p_traits);
  if bit_count(v_mask) > sparse_filter_limit() then
    return query
    select array(
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
      where v_search is null or exists (
        select 1
        from inscriptions i left join collection_items n on n.inscription_id = i.inscription_id
        where i.inscription_id = m.inscription_id
          and (i.name ilike '%' || escape_like(v_search) || '%'
            or i.inscription_id = lower(v_search)
            or n.number = case when v_search ~ '^-?\d{1,18}$' then v_search::bigint end)));
    return;
  end if;

  v_slots := set_bits(v_mask);
  return query
  select array(
    select n.inscription_id
    from collection_items n
    where n.collection_id = p_collection_id and n.slot = any (v_slots)
      and (v_search is null or exists (
        select 1 from inscriptions i
        where i.inscription_id = n.inscription_id
          and (i.name ilike '%' || escape_like(v_search) || '%'
            or i.inscription_id = lower(v_search)
            or n.number = case when v_search ~ '^-?\d{1,18}$' then v_search::bigint end))));
end;
$$;

-- 0003's page, with one more path: a selective filter (at most sparse_filter_limit() items) is
-- read item by item and sorted in memory, instead of walking an index past thousands of rows
-- that do not match. The other paths are 0003's, unchanged.
create or replace function get_inscriptions_with_price_by_collection_slug(p_slug text, p_status text,
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
  v_mask bit varying;
  v_slots integer[];
begin
  select c.id into v_collection from collections c where c.slug = p_slug and not c.is_under_review;
  if not found then
    return;
  end if;
  -- A selective filter: its few items, by slot from the trait bit strings (traits alone) or by
  -- id (with a search), each probed for its listing; the rows the filters keep are counted by a
  -- window (the total), numbered in the page's order (listed first by the sort, then the rest by
  -- number; number sorts mix both) and cut to the page before names and owners are joined. The
  -- lateral LIMITs keep each lookup one index probe: a generic plan would hash a collection.
  if coalesce(p_traits, '{}') <> '{}' and nullif(btrim(p_search), '') is null then
    v_mask := trait_filter_mask(v_collection, p_traits);
    if bit_count(v_mask) <= sparse_filter_limit() then
      v_slots := set_bits(v_mask);
    end if;
  end if;
  if v_slots is null then
    select f.ids into v_ids from collection_filter_ids(v_collection, p_traits, p_search) f;
  end if;
  if v_slots is not null or cardinality(v_ids) <= sparse_filter_limit() then
    return query
    select f.inscription_id, f.number, i.name, ci.content_type, ci.address, f.id, f.price,
      coalesce(f.is_snipe_protected, false), f.listed_at, f.total
    from (
      select n.inscription_id, n.number, o.id, o.price, o.is_snipe_protected, o.listed_at,
        count(*) over () as total,
        row_number() over (order by
          case when p_sort in ('number_asc', 'number_desc') or o.id is not null then 0 else 1 end,
          case when p_sort = 'price_desc' and o.id is not null then o.price end desc,
          case when p_sort = 'price_desc' and o.id is not null then n.inscription_id end desc,
          case when p_sort = 'recently_listed' and o.id is not null then o.listed_at end desc nulls last,
          case when p_sort not in ('price_desc', 'recently_listed', 'number_asc', 'number_desc')
            and o.id is not null then o.price end,
          case when p_sort not in ('price_desc', 'number_asc', 'number_desc') and o.id is not null
            then n.inscription_id end,
          case when p_sort = 'number_desc' then n.number end desc,
          case when p_sort = 'number_desc' then n.inscription_id end desc,
          n.number, n.inscription_id) as position
      from (
        select x.inscription_id, x.number
        from unnest(v_slots) as u (slot)
        cross join lateral (
          select n.inscription_id, n.number from collection_items n
          where n.collection_id = v_collection and n.slot = u.slot
          limit 1
        ) x
        union all
        select x.inscription_id, x.number
        from unnest(v_ids) as u (inscription_id)
        cross join lateral (
          select n.inscription_id, n.number from collection_items n
          where n.inscription_id = u.inscription_id and n.collection_id = v_collection
          limit 1
        ) x
      ) n
      left join lateral (
        select o.id, o.price, o.is_snipe_protected, o.listed_at from orderbook o
        where o.inscription_id = n.inscription_id and o.collection_id = v_collection
          and o.status = 'active' and o.phase_id is null
        limit 1
      ) o on true
      where case
        when p_status = 'all' and not v_priced then true
        when p_status = 'unlisted' then not v_priced and o.id is null
        else o.price between v_min and v_max
      end
      order by position
      limit p_limit offset p_offset
    ) f
    join inscriptions i on i.inscription_id = f.inscription_id
    left join chain_inscriptions ci on ci.inscription_id = f.inscription_id
    order by f.position;
    return;
  end if;

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
