create or replace function notify_orderbook_change() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.status = old.status and new.price = old.price then
    return null;
  end if;
  perform pg_notify('market_' || current_schema(), json_build_object(
    'kind', 'listing',
    'listingId', new.id,
    'inscriptionId', new.inscription_id,
    'status', new.status,
    'price', new.price::text,
    'collectionSlug', (select slug from collections where id = new.collection_id))::text);
  return null;
end;
$$;

-- Launch inventory (phase_id set) changes in bulk and has its own status endpoint: not announced.
drop trigger if exists orderbook_notify on orderbook;
create trigger orderbook_notify
  after insert or update of status, price on orderbook
  for each row when (new.phase_id is null)
  execute function notify_orderbook_change();
