create or replace function collection_stats_on_collections() returns trigger language plpgsql as $$
begin
  insert into collection_stats (collection_id) select id from changed on conflict do nothing;
  return null;
end;
$$;

drop trigger if exists collections_stats_row on collections;
create trigger collections_stats_row after insert on collections
  referencing new table as changed for each statement execute function collection_stats_on_collections();
