-- 0006_trait_bits: trait filters from bitmaps (ADR 007 benchmark, "collection page with filters").
-- 0003 gathered every inscription matching each filtered trait value from the attributes index and
-- intersected them in a hash aggregate, then walked the page's index testing each row against
-- that set: about 2,000 index entries and a walk of thousands of rows for two traits of a
-- 10,000-item collection. Now each collection item has a slot (0, 1, 2, … in its collection), each
-- (collection, trait, value) a bit string with the bits of its items' slots, kept by triggers, and
-- a filter is a few ANDs and ORs of those strings. A selective filter's few matches are then read
-- by slot and the page is sorted from them; a broad one keeps 0003's walk, which stops early.

alter table collection_items add column slot integer;
alter table collection_stats add column next_slot integer not null default 0;

create table collection_trait_bits (
  collection_id bigint not null references collections (id) on delete cascade,
  category text not null,
  value text not null,
  -- Bit s (from the left, 0-based) is set when the item in slot s has this value. Strings are as
  -- long as the collection's slots were when they were built; readers pad them with zeros.
  bits bit varying not null,
  primary key (collection_id, category, value)
);

-- The existing items are numbered here (the column becomes not null); their trait strings are
-- built, by the rebuild in ../functions, once the functions are in place (ADR 024).
update collection_items n set slot = s.slot
from (
  select inscription_id,
    (row_number() over (partition by collection_id order by inscription_id))::integer - 1 as slot
  from collection_items
) s
where n.inscription_id = s.inscription_id;
update collection_stats s set next_slot = (
  select count(*) from collection_items n where n.collection_id = s.collection_id);
insert into schema_function_calls values ('select rebuild_collection_stats()') on conflict do nothing;
alter table collection_items alter column slot set not null;
create unique index collection_items_by_slot on collection_items (collection_id, slot)
  include (inscription_id, number);

