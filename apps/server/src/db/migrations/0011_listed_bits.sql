-- 0011_listed_bits: a listed-items bit string per collection (issue 4 benchmark, "2 traits on
-- 10,000 items"). 0006 reads a selective trait filter's items by slot, then probes the orderbook
-- once per item for its listing: about 90 probes for two traits of a 10,000-item collection, most
-- of them finding nothing. Now collection_stats keeps listed_bits (bit s set while the item in slot
-- s has an active market listing), updated with the listed count under the same row lock, so a
-- filter's mask splits into its listed slots (probed) and its unlisted ones (not probed). A set bit
-- may be stale only towards "listed" (the probe then finds nothing); a clear bit is exact.

alter table collection_stats add column listed_bits bit varying not null default B'';

-- The string padded with zeros to at least p_length bits.
create function padded_bits(p_bits bit varying, p_length integer) returns bit varying
language sql immutable as $$
  select case when length(p_bits) >= p_length then p_bits
    else p_bits || repeat('0', p_length - length(p_bits))::varbit end
$$;

-- The string with the bits of these slots set to p_on (padded to reach the last of them).
create function with_slots(p_bits bit varying, p_slots integer[], p_on boolean)
returns bit varying language plpgsql immutable as $$
declare
  v_bits bit varying;
  v_slot integer;
begin
  if coalesce(cardinality(p_slots), 0) = 0 then
    return p_bits;
  end if;
  v_bits := padded_bits(p_bits, (select max(s) from unnest(p_slots) s) + 1);
  foreach v_slot in array p_slots loop
    v_bits := set_bit(v_bits, v_slot, p_on::integer);
  end loop;
  return v_bits;
end;
$$;

-- Rebuilds the strings of these collections (null: every collection) from the orderbook, in one
-- pass over the active listings (a bulk load drops the secondary indexes first: no per-collection
-- lookups).
create function rebuild_listed_bits(p_collections bigint[]) returns void language plpgsql as $$
begin
  update collection_stats s set listed_bits = coalesce(b.bits, B'')
  from collection_stats t
  left join (
    select x.collection_id,
      (string_agg(repeat('0', x.slot - coalesce(x.previous, -1) - 1) || '1', ''
        order by x.slot))::varbit as bits
    from (
      select o.collection_id, n.slot,
        lag(n.slot) over (partition by o.collection_id order by n.slot) as previous
      from orderbook o
      join collection_items n on n.inscription_id = o.inscription_id
        and n.collection_id = o.collection_id
      where o.status = 'active' and o.phase_id is null
        and (p_collections is null or o.collection_id = any (p_collections))
    ) x
    group by x.collection_id
  ) b on b.collection_id = t.collection_id
  where s.collection_id = t.collection_id
    and (p_collections is null or t.collection_id = any (p_collections));
end;
$$;

-- 0003's orderbook trigger, now also setting (new rows) or clearing (old rows) the listed bits
-- of the active market listings a statement touched, under the stats row lock it already takes;
-- an update clears the old rows' bits before it sets the new ones' (triggers fire by name).
create or replace function collection_stats_on_orderbook() returns trigger language plpgsql as $$
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

  update collection_stats s set listed = s.listed + sign * d.n,
    listed_bits = with_slots(s.listed_bits, d.slots, sign > 0)
  from (
    select c.collection_id, count(*)::integer as n,
      array_remove(array_agg(n.slot), null) as slots
    from changed c
    left join collection_items n on n.inscription_id = c.inscription_id
      and n.collection_id = c.collection_id
    where c.status = 'active' and c.phase_id is null and c.collection_id is not null
    group by c.collection_id
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

-- An item that joins a collection while listed in it (its listing came first) gets its bit.
create function listed_bits_on_collection_items() returns trigger language plpgsql as $$
begin
  update collection_stats s set listed_bits = with_slots(s.listed_bits, d.slots, true)
  from (
    select a.collection_id, array_agg(a.slot order by a.slot) as slots
    from added a
    join orderbook o on o.inscription_id = a.inscription_id and o.collection_id = a.collection_id
      and o.status = 'active' and o.phase_id is null
    group by a.collection_id
  ) d
  where s.collection_id = d.collection_id;
  return null;
end;
$$;
create trigger collection_items_listed_bits after insert on collection_items
  referencing new table as added for each statement
  execute function listed_bits_on_collection_items();

-- 0006's rebuild, now building the listed strings too.
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
  perform rebuild_listed_bits(null);
end;
$$;


select rebuild_listed_bits(null);

-- 0006's mask, without building a zero string per category: a category of one value is its
-- string, and strings are padded only when shorter than the collection's slots.
create or replace function trait_filter_mask(p_collection_id bigint, p_traits jsonb)
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
    v_category := null;
    for v_bits in
      select b.bits from collection_trait_bits b
      where b.collection_id = p_collection_id and b.category = v_key
        and b.value in (select jsonb_array_elements_text(p_traits -> v_key))
    loop
      v_bits := padded_bits(v_bits, v_length);
      v_category := case when v_category is null then v_bits else v_category | v_bits end;
    end loop;
    if v_category is null then
      -- An unknown value: nothing matches.
      return repeat('0', v_length)::varbit;
    end if;
    v_mask := case when v_mask is null then v_category else v_mask & v_category end;
  end loop;
  return coalesce(v_mask, repeat('1', v_length)::varbit);
end;
$$;

-- 0006's page; its selective path reads the listed slots (probed for their listing) apart from
-- the unlisted ones (not probed), and skips the side a status or price filter rules out.
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
  v_listed_bits bit varying;
  v_slots integer[];
  v_listed_slots integer[];
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
      -- Split by the listed bit string: only the listed ones are probed for their listing.
      select coalesce(s.listed_bits, B'') into v_listed_bits
      from collection_stats s where s.collection_id = v_collection;
      v_listed_bits := padded_bits(v_listed_bits, length(v_mask));
      v_listed_slots := case when p_status = 'unlisted' then '{}'
        else set_bits(v_mask & v_listed_bits) end;
      v_slots := case when p_status = 'listed' or v_priced then '{}'
        else set_bits(v_mask & ~v_listed_bits) end;
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
        -- listed by the bit string, or found by id: probed for a listing
        select n.inscription_id, n.number, true as probe from collection_items n
        where n.collection_id = v_collection and n.slot = any (v_listed_slots)
        union all
        select x.inscription_id, x.number, true
        from unnest(v_ids) as u (inscription_id)
        cross join lateral (
          select n.inscription_id, n.number from collection_items n
          where n.inscription_id = u.inscription_id and n.collection_id = v_collection
          limit 1
        ) x
        union all
        -- unlisted by the bit string: no listing to look for
        select n.inscription_id, n.number, false from collection_items n
        where n.collection_id = v_collection and n.slot = any (v_slots)
      ) n
      left join lateral (
        select o.id, o.price, o.is_snipe_protected, o.listed_at from orderbook o
        where n.probe and o.inscription_id = n.inscription_id and o.collection_id = v_collection
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
