-- The list: cached figures of every visible collection, ranked, then a page. The figures that
-- slide with the clock are computed for the page's rows only (a few index entries each), unless
-- the list is sorted by one: then the 1-day volume of every collection comes from one index-only
-- range over the last day's sales, and the change from each collection's floor a day ago.
create or replace function get_collections(p_search text, p_category text, p_sort text, p_limit integer,
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
