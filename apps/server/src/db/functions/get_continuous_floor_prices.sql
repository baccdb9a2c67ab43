-- The floor price chart (product.md#market-screens): one point per bucket from start_date's bucket
-- to now's, buckets aligned to the interval (weeks start on Monday, UTC); a bucket's floor is the
-- minimum price among listings on sale during it (listed_at <= its end, closed_at null or after
-- its start), null without any. Still-open listings are on sale from their first bucket onwards, so
-- their floor is a running minimum over the buckets; closed ones are spread over the buckets they
-- cover. The cost follows the listings of the window (its closed ones, and every open one), never
-- the collection's whole history. Bucket numbers are computed in float8 seconds (date_part), not
-- with extract's numeric.
create or replace function get_continuous_floor_prices(collection_slug text, bucket_interval interval,
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
