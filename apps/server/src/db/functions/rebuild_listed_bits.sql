-- Rebuilds the strings of these collections (null: every collection) from the orderbook, in one
-- pass over the active listings (a bulk load drops the secondary indexes first: no per-collection
-- lookups).
create or replace function rebuild_listed_bits(p_collections bigint[]) returns void language plpgsql as $$
begin
  update collection_stats s set listed_bits = coalesce(b.bits, B'')
  from collection_stats t
  left join (
    select x.collection_id,
      (string_agg(repeat('0', x.slot - coalesce(x.previous, -1) - 1) || '1', ''
        order by x.slot))::varbit as bits
    from (
      select o.collection_id, n.slot,
        lag(n.slot) over (partition by o.collection_id order by n.slot) as previous
      from orderbook o
      join collection_items n on n.inscription_id = o.inscription_id
        and n.collection_id = o.collection_id
      where o.status = 'active' and o.phase_id is null
        and (p_collections is null or o.collection_id = any (p_collections))
    ) x
    group by x.collection_id
  ) b on b.collection_id = t.collection_id
  where s.collection_id = t.collection_id
    and (p_collections is null or t.collection_id = any (p_collections));
end;
$$;
