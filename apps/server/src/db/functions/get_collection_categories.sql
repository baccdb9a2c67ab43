-- Categories of visible collections with how many each has, largest first (fetched by 1000).
create or replace function get_collection_categories(p_limit integer, p_offset bigint)
returns table (category text, collections bigint)
language sql stable as $$
  select c.category, count(*)
  from collections c
  where not c.is_under_review and c.category is not null
  group by c.category
  order by count(*) desc, c.category
  limit p_limit offset p_offset
$$;
