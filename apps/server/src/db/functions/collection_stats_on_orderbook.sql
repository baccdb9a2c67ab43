-- orderbook: the listed count by delta, and the listed bits of the active market listings a
-- statement touched, set (new rows) or cleared (old rows) under the stats row lock; an update
-- clears the old rows' bits before it sets the new ones' (triggers fire by name). The floor is
-- re-read from the listed index (its first entry) after locking the stats row, so a statement that
-- waited for another writer's lock reads that writer's committed listings in its new snapshot (READ
-- COMMITTED) and never a stale floor.
create or replace function collection_stats_on_orderbook() returns trigger language plpgsql as $$
declare
  sign integer := tg_argv[0]::integer;
  touched bigint[];
begin
  touched := array(
    select distinct collection_id from changed
    where status = 'active' and phase_id is null and collection_id is not null
    order by collection_id);
  if cardinality(touched) = 0 then
    return null;
  end if;
  perform 1 from collection_stats where collection_id = any (touched) order by collection_id for update;

  update collection_stats s set listed = s.listed + sign * d.n,
    listed_bits = with_slots(s.listed_bits, d.slots, sign > 0)
  from (
    select c.collection_id, count(*)::integer as n,
      array_remove(array_agg(n.slot), null) as slots
    from changed c
    left join collection_items n on n.inscription_id = c.inscription_id
      and n.collection_id = c.collection_id
    where c.status = 'active' and c.phase_id is null and c.collection_id is not null
    group by c.collection_id
  ) d
  where s.collection_id = d.collection_id;

  update collection_stats s set floor_price = (
    select o.price from orderbook o
    where o.collection_id = s.collection_id and o.status = 'active' and o.phase_id is null
    order by o.price limit 1)
  where s.collection_id = any (touched);
  return null;
end;
$$;

drop trigger if exists orderbook_stats_insert on orderbook;
create trigger orderbook_stats_insert after insert on orderbook
  referencing new table as changed for each statement
  execute function collection_stats_on_orderbook('1');

drop trigger if exists orderbook_stats_delete on orderbook;
create trigger orderbook_stats_delete after delete on orderbook
  referencing old table as changed for each statement
  execute function collection_stats_on_orderbook('-1');

drop trigger if exists orderbook_stats_update_1_old on orderbook;
create trigger orderbook_stats_update_1_old after update on orderbook
  referencing old table as changed for each statement
  execute function collection_stats_on_orderbook('-1');

drop trigger if exists orderbook_stats_update_2_new on orderbook;
create trigger orderbook_stats_update_2_new after update on orderbook
  referencing new table as changed for each statement
  execute function collection_stats_on_orderbook('1');
