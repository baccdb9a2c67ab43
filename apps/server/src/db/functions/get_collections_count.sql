create or replace function get_collections_count(p_search text, p_category text) returns bigint
language sql stable as $$
  select count(*)
  from collections c
  where not c.is_under_review
    and (p_category is null or c.category = p_category)
    and (p_search is null or c.name ilike '%' || escape_like(p_search) || '%'
      or c.slug ilike '%' || escape_like(p_search) || '%')
$$;
