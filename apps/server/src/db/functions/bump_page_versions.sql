-- The page_version_on_*.sql triggers are named to fire before the collection_stats triggers on the
-- same table (triggers fire by name): they lock every collection the statement touches, in order,
-- so the stats triggers after them take no lock of their own out of order. The indexer's rows
-- (chain_inscriptions: owner, number, content type) are handled by
-- collection_stats_on_chain_inscriptions.sql, which already joins them to their collections: one
-- join per block write, not two.
--
-- New versions for these collections, their rows locked in id order as the collection_stats
-- triggers lock them (no deadlock between statements touching several collections).
create or replace function bump_page_versions(p_collections bigint[]) returns void language plpgsql as $$
begin
  if coalesce(cardinality(p_collections), 0) = 0 then
    return;
  end if;
  perform 1 from collection_stats where collection_id = any (p_collections)
    order by collection_id for update;
  update collection_stats set page_version = nextval('page_versions')
  where collection_id = any (p_collections);
end;
$$;
