-- Tick ↔ tick swaps (ADR 017, ADR 017): one transaction through two pools, kept as two orders on
-- their pools' curves (the sale into the first, the buy out of the second). The second names the
-- first, whose id is the order_id the user holds: they are quoted, sent and failed together.
alter table swap_orders add column route_id text references swap_orders (id);
create index swap_orders_by_route on swap_orders (route_id) where route_id is not null;
-- Both legs of a route carry the one transaction's txid: it stays unique among live orders that
-- are not a second leg.
drop index swap_orders_txid;
create unique index swap_orders_txid on swap_orders (txid)
  where state not in ('expired', 'failed') and route_id is null;

-- A buy's pool transfer is built unsigned with its order (its txids are known: no witness changes
-- them) and signed when the order is sent, from these coins (JSON: txid, vout, value), in order.
alter table swap_orders add column prelude_coins text;
