-- A trade's update (initiated -> mempool at its broadcast, mempool -> confirmed when mined) fired
-- two statement triggers on collection_stats, one taking the old rows' volume and sales off, one
-- putting the new rows' back on: the same sums, and each locked the collection's stats row until
-- commit, so every purchase and mint of a collection waited in line for it (docs/benchmarks.md,
-- bench:launch 2026-11-30). collection_stats_on_trade_history_update.sql nets the two and touches
-- the row only when the sums change.
drop trigger if exists trade_history_stats_update_1_old on trade_history;
drop trigger if exists trade_history_stats_update_2_new on trade_history;
