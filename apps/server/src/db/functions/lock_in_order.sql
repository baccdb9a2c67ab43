-- Transaction-scoped advisory locks on p_keys, taken one after the other in the array's order
-- (callers sort them, so that two never deadlock). The one definition of a key's lock:
-- claim_listings, mint_reserve and take_hold must lock the same key the same way.
-- The output list is volatile, so PostgreSQL evaluates it after the ORDER BY, row by row.
create or replace function lock_in_order(p_keys text[])
returns void language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtextextended(k, 0))
  from unnest(p_keys) with ordinality as t (k, n)
  order by n;
end
$$;
