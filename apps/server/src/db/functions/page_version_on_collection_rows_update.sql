-- An update may move a row to another collection: both collections, locked together.
create or replace function page_version_on_collection_rows_update() returns trigger language plpgsql as $$
begin
  perform bump_page_versions(array(
    select collection_id from old_rows where collection_id is not null
    union select collection_id from new_rows where collection_id is not null));
  return null;
end;
$$;

drop trigger if exists inscriptions_page_version_update on inscriptions;
create trigger inscriptions_page_version_update after update on inscriptions
  referencing old table as old_rows new table as new_rows for each statement
  execute function page_version_on_collection_rows_update();

drop trigger if exists attributes_page_version_update on attributes;
create trigger attributes_page_version_update after update on attributes
  referencing old table as old_rows new table as new_rows for each statement
  execute function page_version_on_collection_rows_update();
