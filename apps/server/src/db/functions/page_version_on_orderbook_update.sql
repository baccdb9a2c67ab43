create or replace function page_version_on_orderbook_update() returns trigger language plpgsql as $$
begin
  perform bump_page_versions(array(
    select collection_id from old_rows where collection_id is not null and phase_id is null
    union select collection_id from new_rows where collection_id is not null and phase_id is null));
  return null;
end;
$$;

drop trigger if exists orderbook_page_version_update on orderbook;
create trigger orderbook_page_version_update after update on orderbook
  referencing old table as old_rows new table as new_rows for each statement
  execute function page_version_on_orderbook_update();
