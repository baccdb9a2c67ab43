-- A filter selecting at most this many items is read by slot and its page sorted in memory;
-- a broader one walks the page's index in order, which stops after a page.
create or replace function sparse_filter_limit() returns integer language sql immutable as 'select 1000';
