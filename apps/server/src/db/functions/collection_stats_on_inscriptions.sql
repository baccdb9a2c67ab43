-- The collection_stats triggers (collection_stats_on_*.sql) are statement-level with one transition
-- table, `changed`, and take the sign of its rows as their argument: +1 for inserted rows and the
-- new side of an update, -1 for deleted rows and the old side. An update therefore fires a pair,
-- old rows first (triggers on one event fire in name order: *_update_1_old, then *_update_2_new).
--
-- inscriptions: supply, collection_items with their slots, and the holdings of inscriptions
-- entering or leaving a collection. The collection's stats row is locked by the update that takes
-- the next slots, so concurrent writers never share a slot; a removed item's slot stays empty (its
-- attributes went first: they reference it). An update that keeps an inscription in its collection
-- (a new name, a launch upserting its items) leaves its item and slot alone, which its attribute
-- bit strings follow. The old-side call takes the rows whose collection changed (the
-- table already holds the new values); the new-side call, after it, the rows left without an item.
create or replace function collection_stats_on_inscriptions() returns trigger language plpgsql as $$
declare
  sign integer := tg_argv[0]::integer;
  -- Null: every changed row (an insert or a delete); else the ids of the rows that moved.
  v_moved text[];
begin
  if tg_op = 'UPDATE' and sign < 0 then
    v_moved := array(
      select r.inscription_id from changed r
      join inscriptions i on i.inscription_id = r.inscription_id
      where r.collection_id is distinct from i.collection_id);
  elsif tg_op = 'UPDATE' then
    v_moved := array(
      select r.inscription_id from changed r
      where not exists (select 1 from collection_items n where n.inscription_id = r.inscription_id));
  end if;
  if cardinality(v_moved) = 0 then
    return null;
  end if;

  if sign < 0 then
    delete from collection_items n using changed r
    where n.inscription_id = r.inscription_id
      and (v_moved is null or r.inscription_id = any (v_moved));
  else
    with moved as (
      select r.* from changed r where v_moved is null
      union all
      select r.* from changed r join unnest(v_moved) m (id) on m.id = r.inscription_id
    ), added as (
      select collection_id, count(*)::integer as n from moved
      where collection_id is not null group by collection_id order by collection_id
    ), taken as (
      update collection_stats s set next_slot = s.next_slot + a.n
      from added a where s.collection_id = a.collection_id
      returning s.collection_id, s.next_slot - a.n as first_slot
    )
    insert into collection_items (inscription_id, collection_id, number, slot)
    select r.inscription_id, r.collection_id, c.number,
      t.first_slot + (row_number() over (partition by r.collection_id order by r.inscription_id))::integer - 1
    from moved r
    left join chain_inscriptions c on c.inscription_id = r.inscription_id
    left join taken t on t.collection_id = r.collection_id
    where r.collection_id is not null
    order by r.inscription_id;
  end if;

  update collection_stats s set supply = s.supply + sign * d.n
  from (
    select r.collection_id, count(*)::integer as n from changed r
    where r.collection_id is not null
      and (v_moved is null or r.inscription_id in (select unnest(v_moved)))
    group by r.collection_id order by r.collection_id
  ) d
  where s.collection_id = d.collection_id;

  perform apply_owner_deltas(array_agg(r.collection_id), array_agg(c.address), sign)
  from changed r join chain_inscriptions c on c.inscription_id = r.inscription_id
  where r.collection_id is not null and c.address is not null
    and (v_moved is null or r.inscription_id in (select unnest(v_moved)));
  return null;
end;
$$;

drop trigger if exists inscriptions_stats_insert on inscriptions;
create trigger inscriptions_stats_insert after insert on inscriptions
  referencing new table as changed for each statement
  execute function collection_stats_on_inscriptions('1');

drop trigger if exists inscriptions_stats_delete on inscriptions;
create trigger inscriptions_stats_delete after delete on inscriptions
  referencing old table as changed for each statement
  execute function collection_stats_on_inscriptions('-1');

drop trigger if exists inscriptions_stats_update_1_old on inscriptions;
create trigger inscriptions_stats_update_1_old after update on inscriptions
  referencing old table as changed for each statement
  execute function collection_stats_on_inscriptions('-1');

drop trigger if exists inscriptions_stats_update_2_new on inscriptions;
create trigger inscriptions_stats_update_2_new after update on inscriptions
  referencing new table as changed for each statement
  execute function collection_stats_on_inscriptions('1');
