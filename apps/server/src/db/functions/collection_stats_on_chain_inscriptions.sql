-- chain_inscriptions (the indexer: reveals, moves, reorg rollbacks): holdings by current address,
-- the numbers of collection_items (a number never changes, so moves leave them alone), and new
-- page versions for the collections a statement touches, from the same join, before the owner
-- deltas lock any of them. An update fires it twice (old rows, then new rows: the same
-- inscriptions); the first call renews. Inscriptions in no collection cost one primary-key probe
-- each.
create or replace function collection_stats_on_chain_inscriptions() returns trigger language plpgsql as $$
declare
  sign integer := tg_argv[0]::integer;
  v_collections bigint[];
  v_addresses text[];
  v_touched bigint[];
begin
  if tg_op <> 'UPDATE' then
    update collection_items n set number = case when tg_op = 'INSERT' then r.number end
    from changed r where n.inscription_id = r.inscription_id;
  end if;
  select array_agg(i.collection_id) filter (where r.address is not null),
    array_agg(r.address) filter (where r.address is not null),
    array_agg(distinct i.collection_id)
  into v_collections, v_addresses, v_touched
  from changed r join inscriptions i on i.inscription_id = r.inscription_id
  where i.collection_id is not null;
  if tg_op <> 'UPDATE' or sign < 0 then
    perform bump_page_versions(v_touched);
  end if;
  if cardinality(v_collections) > 0 then
    perform apply_owner_deltas(v_collections, v_addresses, sign);
  end if;
  return null;
end;
$$;

drop trigger if exists chain_inscriptions_owners_insert on chain_inscriptions;
create trigger chain_inscriptions_owners_insert after insert on chain_inscriptions
  referencing new table as changed for each statement
  execute function collection_stats_on_chain_inscriptions('1');

drop trigger if exists chain_inscriptions_owners_delete on chain_inscriptions;
create trigger chain_inscriptions_owners_delete after delete on chain_inscriptions
  referencing old table as changed for each statement
  execute function collection_stats_on_chain_inscriptions('-1');

drop trigger if exists chain_inscriptions_owners_update_1_old on chain_inscriptions;
create trigger chain_inscriptions_owners_update_1_old after update on chain_inscriptions
  referencing old table as changed for each statement
  execute function collection_stats_on_chain_inscriptions('-1');

drop trigger if exists chain_inscriptions_owners_update_2_new on chain_inscriptions;
create trigger chain_inscriptions_owners_update_2_new after update on chain_inscriptions
  referencing new table as changed for each statement
  execute function collection_stats_on_chain_inscriptions('1');
