create or replace function set_updated_at() returns trigger
language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

drop trigger if exists profiles_set_updated_at on profiles;
create trigger profiles_set_updated_at before update on profiles
  for each row execute function set_updated_at();

drop trigger if exists collections_set_updated_at on collections;
create trigger collections_set_updated_at before update on collections
  for each row execute function set_updated_at();

drop trigger if exists inscriptions_set_updated_at on inscriptions;
create trigger inscriptions_set_updated_at before update on inscriptions
  for each row execute function set_updated_at();

drop trigger if exists launchpads_set_updated_at on launchpads;
create trigger launchpads_set_updated_at before update on launchpads
  for each row execute function set_updated_at();

drop trigger if exists launchpad_phases_set_updated_at on launchpad_phases;
create trigger launchpad_phases_set_updated_at before update on launchpad_phases
  for each row execute function set_updated_at();

drop trigger if exists psbt_batches_set_updated_at on psbt_batches;
create trigger psbt_batches_set_updated_at before update on psbt_batches
  for each row execute function set_updated_at();

drop trigger if exists orderbook_set_updated_at on orderbook;
create trigger orderbook_set_updated_at before update on orderbook
  for each row execute function set_updated_at();

drop trigger if exists trade_history_set_updated_at on trade_history;
create trigger trade_history_set_updated_at before update on trade_history
  for each row execute function set_updated_at();

drop trigger if exists auctions_set_updated_at on auctions;
create trigger auctions_set_updated_at before update on auctions
  for each row execute function set_updated_at();

drop trigger if exists pools_set_updated_at on pools;
create trigger pools_set_updated_at before update on pools
  for each row execute function set_updated_at();

drop trigger if exists fee_discounts_set_updated_at on fee_discounts;
create trigger fee_discounts_set_updated_at before update on fee_discounts
  for each row execute function set_updated_at();

drop trigger if exists auction_bids_set_updated_at on auction_bids;
create trigger auction_bids_set_updated_at before update on auction_bids
  for each row execute function set_updated_at();

drop trigger if exists x_accounts_set_updated_at on x_accounts;
create trigger x_accounts_set_updated_at before update on x_accounts
  for each row execute function set_updated_at();

drop trigger if exists claimed_transactions_set_updated_at on claimed_transactions;
create trigger claimed_transactions_set_updated_at before update on claimed_transactions
  for each row execute function set_updated_at();

drop trigger if exists inscribe_orders_set_updated_at on inscribe_orders;
create trigger inscribe_orders_set_updated_at before update on inscribe_orders
  for each row execute function set_updated_at();

drop trigger if exists swap_orders_set_updated_at on swap_orders;
create trigger swap_orders_set_updated_at before update on swap_orders
  for each row execute function set_updated_at();
