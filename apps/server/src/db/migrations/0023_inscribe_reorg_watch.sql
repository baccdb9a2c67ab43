-- 0023_inscribe_reorg_watch: the inscription service watches orders completed within the day for
-- a reveal a reorg took out of the chain (ADR 016); this keeps that look off the whole table.
create index inscribe_orders_recently_completed on inscribe_orders (updated_at)
  where state = 'completed';
