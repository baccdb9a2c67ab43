-- Rebuilds the strings of these (collection, category, value) keys (null: every key) from the
-- attributes: each string is its items' slots in order, each '1' preceded by the zeros since the
-- previous slot, so building one costs its items, not its collection's size.
create or replace function rebuild_trait_bits(p_keys jsonb default null) returns void language plpgsql as $$
begin
  if p_keys is null then
    delete from collection_trait_bits;
  else
    delete from collection_trait_bits b
    using jsonb_to_recordset(p_keys) as k (collection_id bigint, category text, value text)
    where b.collection_id = k.collection_id and b.category = k.category and b.value = k.value;
  end if;
  insert into collection_trait_bits (collection_id, category, value, bits)
  select s.collection_id, s.category, s.value,
    (string_agg(repeat('0', s.slot - coalesce(s.previous, -1) - 1) || '1', '' order by s.slot))::varbit
  from (
    select a.collection_id, a.category, a.value, n.slot,
      lag(n.slot) over (partition by a.collection_id, a.category, a.value order by n.slot) as previous
    from attributes a
    join collection_items n on n.inscription_id = a.inscription_id
    where n.slot is not null
      and (p_keys is null or (a.collection_id, a.category, a.value) in (
        select k.collection_id, k.category, k.value
        from jsonb_to_recordset(p_keys) as k (collection_id bigint, category text, value text)))
  ) s
  group by s.collection_id, s.category, s.value;
end;
$$;
