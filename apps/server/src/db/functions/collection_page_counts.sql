-- How many listed and unlisted inscriptions a page's filters select. Listed: an active listing of
-- this collection within the price bounds; price bounds select listed inscriptions only. Without
-- filters the answer is the cache's; a selective filter's listed items are found by one probe per
-- item of the one-active-listing index instead of a walk of the collection's listings.
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
