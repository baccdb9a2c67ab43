-- Market listings only: a launch's inventory (phase_id set) is on no collection page.
create or replace function page_version_on_orderbook() returns trigger language plpgsql as $$
begin
  perform bump_page_versions(array(
    select distinct collection_id from changed
    where collection_id is not null and phase_id is null));
  return null;
end;
$$;

drop trigger if exists orderbook_page_version_insert on orderbook;
create trigger orderbook_page_version_insert after insert on orderbook
  referencing new table as changed for each statement
  execute function page_version_on_orderbook();

drop trigger if exists orderbook_page_version_delete on orderbook;
create trigger orderbook_page_version_delete after delete on orderbook
  referencing old table as changed for each statement
  execute function page_version_on_orderbook();
