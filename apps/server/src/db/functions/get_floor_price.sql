-- ── Collections ─────────────────────────────────────────────────────────────────────────────
create or replace function get_floor_price(p_slug text) returns bigint language sql stable as $$
  select s.floor_price
  from collections c join collection_stats s on s.collection_id = c.id
  where c.slug = p_slug and not c.is_under_review
$$;
