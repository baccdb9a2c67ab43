-- Outputs are written once and never updated: a spend is a row of its own in chain_spends. Marking
-- a spend by updating its output's row wrote a new version of the row and of each of its index
-- entries; 88,007 such updates were 1.5 s of indexing the bench chain on either database
-- (docs/benchmarks.md, bench:indexer 2026-12-01), where an insert into a table with one key costs a
-- fraction. An output is unspent when chain_spends has no row for it.
create table chain_spends (
  txid text not null,
  vout integer not null,
  spent_height integer not null,
  spent_txid text not null,
  primary key (txid, vout)
);
insert into chain_spends (txid, vout, spent_height, spent_txid)
  select txid, vout, spent_height, spent_txid from chain_utxos where spent_height is not null;

drop index chain_utxos_unspent_by_address;
drop index chain_utxos_spent_height;
drop index chain_utxos_height;
alter table chain_utxos drop column spent_height, drop column spent_txid;

-- Every output by address: unspent ones are an anti-join on chain_spends' key, and address history
-- and fee sums read spent ones too.
create index chain_utxos_address on chain_utxos (address);
-- Rows are written in height order and read by height only to undo a reorg: a block-range index
-- costs next to nothing to keep.
create index chain_utxos_height on chain_utxos using brin (height);
create index chain_spends_height on chain_spends using brin (spent_height);

-- The same for the two other height indexes, read by range only (a reorg's undo, the BRC-20
-- index's batches of blocks): 0.6 s of the bench chain's 13 s on PostgreSQL.
drop index chain_transfers_height;
create index chain_transfers_height on chain_transfers using brin (height);
drop index chain_inscriptions_genesis_height;
create index chain_inscriptions_genesis_height on chain_inscriptions using brin (genesis_height);
