-- trade_history's inserts and deletes: all-time volume and sales (updates:
-- collection_stats_on_trade_history_update.sql).
create or replace function collection_stats_on_trade_history() returns trigger language plpgsql as $$
declare
  sign integer := tg_argv[0]::integer;
begin
  update collection_stats s
  set volume_all = s.volume_all + sign * d.volume, sales_all = s.sales_all + sign * d.sales
  from (
    select c.id, sum(t.price)::bigint as volume, count(*)::integer as sales
    from changed t join collections c on c.slug = t.collection_slug
    where t.trade_status in ('initiated', 'mempool', 'confirmed')
    group by c.id order by c.id
  ) d
  where s.collection_id = d.id;
  return null;
end;
$$;

drop trigger if exists trade_history_stats_insert on trade_history;
create trigger trade_history_stats_insert after insert on trade_history
  referencing new table as changed for each statement
  execute function collection_stats_on_trade_history('1');

drop trigger if exists trade_history_stats_delete on trade_history;
create trigger trade_history_stats_delete after delete on trade_history
  referencing old table as changed for each statement
  execute function collection_stats_on_trade_history('-1');
