-- Recomputes every cached figure from the tables: collection_items with their slots, holdings,
-- collection_stats, the trait and listed bit strings. Repairs the caches after a bulk load made
-- with triggers disabled, and fills them after a migration that asks (schema_function_calls,
-- ADR 024).
create or replace function rebuild_collection_stats() returns void language plpgsql as $$
begin
  delete from collection_items;
  insert into collection_items (inscription_id, collection_id, number, slot)
  select i.inscription_id, i.collection_id, c.number,
    (row_number() over (partition by i.collection_id order by i.inscription_id))::integer - 1
  from inscriptions i left join chain_inscriptions c on c.inscription_id = i.inscription_id
  where i.collection_id is not null;

  delete from collection_owners;
  insert into collection_owners (collection_id, address, inscriptions)
  select i.collection_id, c.address, count(*)
  from inscriptions i join chain_inscriptions c on c.inscription_id = i.inscription_id
  where i.collection_id is not null and c.address is not null
  group by i.collection_id, c.address;

  delete from collection_stats;
  insert into collection_stats (collection_id, supply, listed, floor_price, owners, volume_all,
    sales_all, next_slot)
  select c.id,
    (select count(*) from inscriptions i where i.collection_id = c.id),
    coalesce(l.listed, 0), l.floor_price,
    (select count(*) from collection_owners o where o.collection_id = c.id),
    coalesce(t.volume, 0), coalesce(t.sales, 0),
    (select count(*) from collection_items n where n.collection_id = c.id)
  from collections c
  left join (
    select collection_id, count(*) as listed, min(price) as floor_price from orderbook
    where status = 'active' and phase_id is null group by collection_id
  ) l on l.collection_id = c.id
  left join (
    select collection_slug, sum(price) as volume, count(*) as sales from trade_history
    where trade_status in ('initiated', 'mempool', 'confirmed') group by collection_slug
  ) t on t.collection_slug = c.slug;

  perform rebuild_trait_bits();
  perform rebuild_listed_bits(null);
end;
$$;
