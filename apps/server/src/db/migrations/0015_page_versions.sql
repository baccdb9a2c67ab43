-- 0015_page_versions: a version per collection for its inscriptions pages (issue 4 benchmark).
--
-- A page of get_inscriptions_with_price_by_collection_slug reads the collection's items, their
-- names and attributes, their owners and content types (chain_inscriptions) and their market
-- listings (orderbook, phase_id null), and the collection row itself. Every statement that
-- changes one of those for a collection gives collection_stats.page_version a new value, in its
-- own transaction, so a server process may answer a page it already computed as long as the
-- version it reads is the one the page was computed at (a version is read before the page, so a
-- page is never older than its version). Several processes need no messages between them for
-- this. Versions come from one sequence: a value never comes back, even for a stats row rebuilt
-- (rebuild_collection_stats) or a slug given to another collection.

create sequence page_versions;
alter table collection_stats
  add column page_version bigint not null default nextval('page_versions');

-- New versions for these collections, their rows locked in id order as 0003's triggers lock
-- them (no deadlock between statements touching several collections).
create function bump_page_versions(p_collections bigint[]) returns void language plpgsql as $$
begin
  if coalesce(cardinality(p_collections), 0) = 0 then
    return;
  end if;
  perform 1 from collection_stats where collection_id = any (p_collections)
    order by collection_id for update;
  update collection_stats set page_version = nextval('page_versions')
  where collection_id = any (p_collections);
end;
$$;

-- These triggers are named to fire before 0003's stats triggers on the same table (triggers fire
-- by name): they lock every collection the statement touches, in order, so the stats triggers
-- after them take no lock of their own out of order. The indexer's rows (chain_inscriptions:
-- owner, number, content type) are handled by 0003's own trigger, below, which already joins
-- them to their collections: one join per block write, not two.

-- Rows that carry their collection_id (inscriptions, attributes).
create function page_version_on_collection_rows() returns trigger language plpgsql as $$
begin
  perform bump_page_versions(array(
    select distinct collection_id from changed where collection_id is not null));
  return null;
end;
$$;

-- An update may move a row to another collection: both collections, locked together.
create function page_version_on_collection_rows_update() returns trigger language plpgsql as $$
begin
  perform bump_page_versions(array(
    select collection_id from old_rows where collection_id is not null
    union select collection_id from new_rows where collection_id is not null));
  return null;
end;
$$;

-- Market listings only: a launch's inventory (phase_id set) is on no collection page.
create function page_version_on_orderbook() returns trigger language plpgsql as $$
begin
  perform bump_page_versions(array(
    select distinct collection_id from changed
    where collection_id is not null and phase_id is null));
  return null;
end;
$$;

create function page_version_on_orderbook_update() returns trigger language plpgsql as $$
begin
  perform bump_page_versions(array(
    select collection_id from old_rows where collection_id is not null and phase_id is null
    union select collection_id from new_rows where collection_id is not null and phase_id is null));
  return null;
end;
$$;

-- A collection's own row (its slug, or going under review).
create function page_version_on_collections() returns trigger language plpgsql as $$
begin
  perform bump_page_versions(array(select id from changed));
  return null;
end;
$$;

create trigger inscriptions_page_version_insert after insert on inscriptions
  referencing new table as changed for each statement
  execute function page_version_on_collection_rows();
create trigger inscriptions_page_version_update after update on inscriptions
  referencing old table as old_rows new table as new_rows for each statement
  execute function page_version_on_collection_rows_update();
create trigger inscriptions_page_version_delete after delete on inscriptions
  referencing old table as changed for each statement
  execute function page_version_on_collection_rows();

create trigger attributes_page_version_insert after insert on attributes
  referencing new table as changed for each statement
  execute function page_version_on_collection_rows();
create trigger attributes_page_version_update after update on attributes
  referencing old table as old_rows new table as new_rows for each statement
  execute function page_version_on_collection_rows_update();
create trigger attributes_page_version_delete after delete on attributes
  referencing old table as changed for each statement
  execute function page_version_on_collection_rows();

create trigger orderbook_page_version_insert after insert on orderbook
  referencing new table as changed for each statement
  execute function page_version_on_orderbook();
create trigger orderbook_page_version_update after update on orderbook
  referencing old table as old_rows new table as new_rows for each statement
  execute function page_version_on_orderbook_update();
create trigger orderbook_page_version_delete after delete on orderbook
  referencing old table as changed for each statement
  execute function page_version_on_orderbook();

create trigger collections_page_version_update after update on collections
  referencing new table as changed for each statement
  execute function page_version_on_collections();

-- 0006's inscriptions trigger, now leaving alone an update that keeps an inscription in its
-- collection (a new name, a launch upserting its items): before, every updated row lost its
-- collection_items row and got a new slot, which its attribute bit strings did not follow, so a
-- trait filter stopped finding it. The old-side call takes the rows whose collection changed (the
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

-- 0003's chain_inscriptions trigger, now also renewing the page versions of the collections a
-- statement touches, from the same join, before the owner deltas lock any of them. An update
-- fires it twice (old rows, then new rows: the same inscriptions); the first call renews.
create or replace function collection_stats_on_chain_inscriptions() returns trigger language plpgsql as $$
declare
  sign integer := tg_argv[0]::integer;
  v_collections bigint[];
  v_addresses text[];
  v_touched bigint[];
begin
  if tg_op <> 'UPDATE' then
    update collection_items n set number = case when tg_op = 'INSERT' then r.number end
    from changed r where n.inscription_id = r.inscription_id;
  end if;
  select array_agg(i.collection_id) filter (where r.address is not null),
    array_agg(r.address) filter (where r.address is not null),
    array_agg(distinct i.collection_id)
  into v_collections, v_addresses, v_touched
  from changed r join inscriptions i on i.inscription_id = r.inscription_id
  where i.collection_id is not null;
  if tg_op <> 'UPDATE' or sign < 0 then
    perform bump_page_versions(v_touched);
  end if;
  if cardinality(v_collections) > 0 then
    perform apply_owner_deltas(v_collections, v_addresses, sign);
  end if;
  return null;
end;
$$;
