-- chain_inscriptions_location_height (0002) is read by no query: a reorg finds the moves to undo
-- in chain_transfers by height. Each reveal and each move (a new row version in every index of
-- chain_inscriptions) kept it up to date for nothing. docs/benchmarks.md (Indexer, 2026-11-30).
drop index if exists chain_inscriptions_location_height;
