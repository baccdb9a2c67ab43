-- The floor at a moment: the cheapest listing on sale then. Open listings are walked cheapest first
-- (the first one listed early enough is the answer, usually within a few entries); closed ones
-- only from those closed after the moment. offset 0 keeps the result a column: inlined, the
-- subqueries would be copied into every expression that uses it (and floor_percent_change would
-- be called per row instead of inlined).
create or replace function collection_floor_at(p_collection_id bigint, p_at timestamptz)
returns table (floor_price bigint) language sql stable as $$
  select f.floor_price from (
    select least(
      (select o.price from orderbook o
       where o.collection_id = p_collection_id and o.phase_id is null and o.listed_at is not null
         and o.closed_at is null and o.listed_at <= p_at
       order by o.price limit 1),
      (select min(o.price) from orderbook o
       where o.collection_id = p_collection_id and o.phase_id is null and o.listed_at is not null
         and o.closed_at is not null and o.closed_at > p_at and o.listed_at <= p_at)) as floor_price
    offset 0
  ) f
$$;
