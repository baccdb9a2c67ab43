-- 0011_listed_bits: a listed-items bit string per collection (ADR 007 benchmark, "2 traits on
-- 10,000 items"). 0006 reads a selective trait filter's items by slot, then probes the orderbook
-- once per item for its listing: about 90 probes for two traits of a 10,000-item collection, most
-- of them finding nothing. Now collection_stats keeps listed_bits (bit s set while the item in slot
-- s has an active market listing), updated with the listed count under the same row lock, so a
-- filter's mask splits into its listed slots (probed) and its unlisted ones (not probed). A set bit
-- may be stale only towards "listed" (the probe then finds nothing); a clear bit is exact.

alter table collection_stats add column listed_bits bit varying not null default B'';

-- The strings of existing listings are built, by the rebuild in ../functions, once the functions
-- are in place (ADR 024).
insert into schema_function_calls values ('select rebuild_collection_stats()') on conflict do nothing;

