-- A page of a collection's inscriptions with their active listing. status: all, listed or
-- unlisted. Sorts: price_asc, price_desc and recently_listed give the listed rows in that order,
-- then the unlisted ones by number; number_asc and number_desc mix both (an inscription the indexer
-- has not seen yet, without a number, comes last, or first in number_desc). total, the same on
-- every row, counts the rows the filters select; an empty page has no row, so ask
-- get_inscriptions_count_by_collection_slug.
-- PL/pgSQL for two reasons: every order is a walk of an index that stops after the page (the
-- listed index by price or by listing time, collection_items by number), which takes one statement
-- per order since an ORDER BY of CASEs can use no index (hence the near-identical statements per
-- order below); and those statements' plans are cached per connection instead of being made on
-- every call. Those plans are generic (planned once, for any argument): the walks test each row's
-- listing with a subquery on the one-active-listing index, which no plan can turn into a join over
-- the whole collection. A selective filter (at most sparse_filter_limit() items) is read item by
-- item and sorted in memory instead: its listed slots (probed for their listing) apart from the
-- unlisted ones (not probed), skipping the side a status or price filter rules out.
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
