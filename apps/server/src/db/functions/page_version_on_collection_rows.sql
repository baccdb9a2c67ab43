-- Rows that carry their collection_id (inscriptions, attributes).
create or replace function page_version_on_collection_rows() returns trigger language plpgsql as $$
begin
  perform bump_page_versions(array(
    select distinct collection_id from changed where collection_id is not null));
  return null;
end;
$$;

drop trigger if exists inscriptions_page_version_insert on inscriptions;
create trigger inscriptions_page_version_insert after insert on inscriptions
  referencing new table as changed for each statement
  execute function page_version_on_collection_rows();

drop trigger if exists inscriptions_page_version_delete on inscriptions;
create trigger inscriptions_page_version_delete after delete on inscriptions
  referencing old table as changed for each statement
  execute function page_version_on_collection_rows();

drop trigger if exists attributes_page_version_insert on attributes;
create trigger attributes_page_version_insert after insert on attributes
  referencing new table as changed for each statement
  execute function page_version_on_collection_rows();

drop trigger if exists attributes_page_version_delete on attributes;
create trigger attributes_page_version_delete after delete on attributes
  referencing old table as changed for each statement
  execute function page_version_on_collection_rows();
