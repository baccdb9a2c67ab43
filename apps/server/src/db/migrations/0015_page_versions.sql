-- 0015_page_versions: a version per collection for its inscriptions pages (ADR 007 benchmark).
--
-- A page of get_inscriptions_with_price_by_collection_slug reads the collection's items, their
-- names and attributes, their owners and content types (chain_inscriptions) and their market
-- listings (orderbook, phase_id null), and the collection row itself. Every statement that
-- changes one of those for a collection gives collection_stats.page_version a new value, in its
-- own transaction, so a server process may answer a page it already computed as long as the
-- version it reads is the one the page was computed at (a version is read before the page, so a
-- page is never older than its version). Several processes need no messages between them for
-- this. Versions come from one sequence: a value never comes back, even for a stats row rebuilt
-- (rebuild_collection_stats) or a slug given to another collection.

create sequence page_versions;
alter table collection_stats
  add column page_version bigint not null default nextval('page_versions');

-- The triggers that give new versions are in ../functions (bump_page_versions.sql, ADR 024).

