create or replace function notify_trade_history_change() returns trigger
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

drop trigger if exists trade_history_notify on trade_history;
create trigger trade_history_notify
  after insert or update of trade_status, transaction_id, finalized on trade_history
  for each row execute function notify_trade_history_change();
