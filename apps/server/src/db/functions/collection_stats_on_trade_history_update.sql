-- trade_history's updates: all-time volume and sales moved by the net change of the rows in the
-- sales ('initiated', 'mempool', 'confirmed') per collection. A status change within the sales (a
-- broadcast, a confirmation) nets to nothing and leaves the stats row alone: no update, no lock
-- held until commit for every other purchase of the collection to wait on
-- (0038_trade_history_stats_net.sql).
create or replace function collection_stats_on_trade_history_update() returns trigger
language plpgsql as $$
begin
  update collection_stats s
  set volume_all = s.volume_all + d.volume, sales_all = s.sales_all + d.sales
  from (
    select c.id, sum(t.sign * t.price)::bigint as volume, sum(t.sign)::integer as sales
    from (
      select -1 as sign, o.price, o.collection_slug from old_rows o
      where o.trade_status in ('initiated', 'mempool', 'confirmed')
      union all
      select 1, n.price, n.collection_slug from new_rows n
      where n.trade_status in ('initiated', 'mempool', 'confirmed')
    ) t join collections c on c.slug = t.collection_slug
    group by c.id
    having sum(t.sign * t.price) <> 0 or sum(t.sign) <> 0
    order by c.id
  ) d
  where s.collection_id = d.id;
  return null;
end;
$$;

drop trigger if exists trade_history_stats_update on trade_history;
create trigger trade_history_stats_update after update on trade_history
  referencing old table as old_rows new table as new_rows for each statement
  execute function collection_stats_on_trade_history_update();
