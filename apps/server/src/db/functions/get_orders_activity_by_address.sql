-- The trades of an address, as seller (maker) or buyer (taker), newest first: each side is one
-- index walk of offset + limit rows.
create or replace function get_orders_activity_by_address(p_address text, p_limit integer, p_offset bigint)
returns setof trade_history language sql stable as $$
  select t.* from (
    (select * from trade_history where maker_address = p_address
     order by created_at desc, id desc limit p_limit + p_offset)
    union all
    (select * from trade_history where taker_address = p_address and maker_address <> p_address
     order by created_at desc, id desc limit p_limit + p_offset)
  ) t
  order by t.created_at desc, t.id desc
  limit p_limit offset p_offset
$$;
