-- One row with percent_change (product.md#records); windows end now.
create or replace function get_collection_stats(p_slug text)
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
