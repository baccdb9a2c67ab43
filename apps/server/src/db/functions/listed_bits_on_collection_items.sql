-- An item that joins a collection while listed in it (its listing came first) gets its bit.
create or replace function listed_bits_on_collection_items() returns trigger language plpgsql as $$
begin
  update collection_stats s set listed_bits = with_slots(s.listed_bits, d.slots, true)
  from (
    select a.collection_id, array_agg(a.slot order by a.slot) as slots
    from added a
    join orderbook o on o.inscription_id = a.inscription_id and o.collection_id = a.collection_id
      and o.status = 'active' and o.phase_id is null
    group by a.collection_id
  ) d
  where s.collection_id = d.collection_id;
  return null;
end;
$$;

drop trigger if exists collection_items_listed_bits on collection_items;
create trigger collection_items_listed_bits after insert on collection_items
  referencing new table as added for each statement
  execute function listed_bits_on_collection_items();
