-- The market's activity over the last p_interval (slug null: every collection), newest first;
-- canceled trades never happened, and a collection under review shows nothing. Intervals beyond
-- 200 years read as 200 years (further back is out of timestamptz's range).
create or replace function fetch_activity(p_interval interval, p_slug text, p_limit integer, p_offset bigint)
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
