-- A collection's own row (its slug, or going under review).
create or replace function page_version_on_collections() returns trigger language plpgsql as $$
begin
  perform bump_page_versions(array(select id from changed));
  return null;
end;
$$;

drop trigger if exists collections_page_version_update on collections;
create trigger collections_page_version_update after update on collections
  referencing new table as changed for each statement
  execute function page_version_on_collections();
