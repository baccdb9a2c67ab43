-- Every trade of the given orders (the pending-purchase tracker), newest first.
create or replace function get_trade_history_by_order_id(order_ids uuid[])
returns setof trade_history language sql stable as $$
  select * from trade_history t
  where t.order_id = any (get_trade_history_by_order_id.order_ids)
  order by t.created_at desc, t.id desc
$$;
