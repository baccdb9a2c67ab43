-- 0005_market_events: live market updates across server processes (issue 4 "Live").
-- Every change of a trade's status and of a listing's status or price is announced with
-- pg_notify once its transaction commits; each server process LISTENs and forwards the event to
-- its server-sent-event clients. The channel carries the schema name, so several schemas on one
-- server (the integration tests) never hear each other: 'market_public' in production.

create function notify_trade_history_change() returns trigger
language plpgsql as $$
begin
  perform pg_notify('market_' || current_schema(), json_build_object(
    'kind', 'trade',
    'orderId', new.order_id,
    'tradeStatus', new.trade_status,
    'txId', new.transaction_id,
    'inscriptionId', new.inscription_id,
    'collectionSlug', new.collection_slug)::text);
  return null;
end;
$$;

create trigger trade_history_notify
  after insert or update of trade_status, transaction_id, finalized on trade_history
  for each row execute function notify_trade_history_change();

create function notify_orderbook_change() returns trigger
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
create trigger orderbook_notify
  after insert or update of status, price on orderbook
  for each row when (new.phase_id is null)
  execute function notify_orderbook_change();
