-- The editions an order holds follow its state, whoever moves it: held in waiting-payment,
-- payment-seen, payment-confirmed, inscribing and completed; given back on leaving that set
-- (expired, underpaid, refunding, error), taken again on entering it. A trigger, so that no move
-- can forget it; it fires once per row that actually changed state, so two passes racing on the
-- same move (the second finds the state gone and updates nothing) give back exactly once. The
-- reservation itself is the conditional decrement made with the insert (edition-orders.queries).
create or replace function edition_hold_follows_state() returns trigger language plpgsql as $$
declare
  held constant text[] :=
    array['waiting-payment', 'payment-seen', 'payment-confirmed', 'inscribing', 'completed'];
  was_held boolean := old.state = any (held);
  is_held boolean := new.state = any (held);
begin
  if was_held <> is_held then
    update launchpads l
    set remaining_editions = l.remaining_editions
      + case when is_held then -e.mint_count else e.mint_count end
    from edition_orders e
    where e.id = new.id and l.id = e.launchpad_id;
  end if;
  return null;
end $$;

drop trigger if exists inscribe_orders_edition_hold on inscribe_orders;
create trigger inscribe_orders_edition_hold after update of state on inscribe_orders
  for each row when (new.order_type = 'edition' and old.state is distinct from new.state)
  execute function edition_hold_follows_state();
