-- ── A collection's inscriptions ─────────────────────────────────────────────────────────────
-- The (category, value) pairs of a trait filter, each with its category's bit, and the mask of
-- every category's bit: an inscription matches when the bits of its matching values OR to the
-- mask (a hash aggregate, where count(distinct category) would sort every matching row). The API
-- takes at most 50 values, so categories fit in a bigint. Its own function for its row estimate:
-- the planner guesses 100 rows per jsonb set function, 10,000 for two nested ones, a cost high
-- enough to have PostgreSQL JIT-compile the query (a quarter of a second) for a handful of rows.
create or replace function trait_filter_pairs(p_traits jsonb)
returns table (category text, value text, category_bit bigint, all_bits bigint)
language plpgsql immutable rows 4 as $$
begin
  return query
  select t.key, v.value, 1::bigint << (t.n - 1)::integer,
    (1::bigint << (select count(*) from jsonb_object_keys(p_traits))::integer) - 1
  from jsonb_each(p_traits) with ordinality as t (key, value, n)
  cross join lateral jsonb_array_elements_text(t.value) as v (value);
end;
$$;
