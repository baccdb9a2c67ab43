-- The rows a page's filters select (null for an unknown or hidden slug): the same statements as
-- the page's own count, in PL/pgSQL for the same cached plans.
create or replace function get_inscriptions_count_by_collection_slug(p_slug text, p_status text,
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
