-- Adds (collection, address) holdings, one per array element, each worth p_delta; moves
-- collection_stats.owners when an address starts or stops holding.
create or replace function apply_owner_deltas(p_collection_ids bigint[], p_addresses text[], p_delta integer)
returns void language plpgsql as $$
begin
  if coalesce(cardinality(p_collection_ids), 0) = 0 then
    return;
  end if;
  with deltas as (
    select c as collection_id, a as address, (count(*) * p_delta)::integer as n
    from unnest(p_collection_ids, p_addresses) as u (c, a)
    group by c, a
    order by c, a
  ), upserted as (
    insert into collection_owners as o (collection_id, address, inscriptions)
    select collection_id, address, n from deltas
    on conflict (collection_id, address) do update set inscriptions = o.inscriptions + excluded.inscriptions
    returning o.collection_id, o.address, o.inscriptions
  ), moves as (
    select u.collection_id,
      sum(case when u.inscriptions > 0 and u.inscriptions - d.n <= 0 then 1
               when u.inscriptions <= 0 and u.inscriptions - d.n > 0 then -1
               else 0 end)::integer as owners
    from upserted u join deltas d using (collection_id, address)
    group by u.collection_id
  )
  update collection_stats s set owners = s.owners + m.owners
  from moves m
  where s.collection_id = m.collection_id and m.owners <> 0;

  delete from collection_owners o
  using unnest(p_collection_ids, p_addresses) as u (c, a)
  where o.collection_id = u.c and o.address = u.a and o.inscriptions <= 0;
end;
$$;
