-- The inscription indexer's tables (ADR 005): what the chain says, kept apart from the market's
-- catalogue in `inscriptions`. Every row carries the height that wrote it, so a reorg rolls back
-- by height (see apps/server/src/indexer/chain-store.ts).

-- Indexed blocks; counters are the indexer's running numbers after the block, restored on rollback.
create table chain_blocks (
  height integer primary key,
  hash text not null unique,
  previous_hash text not null,
  block_time timestamptz not null,
  counters jsonb not null,
  indexed_at timestamptz not null default now()
);

-- Every inscription ord would index, with its content and current location.
create table chain_inscriptions (
  inscription_id text primary key,
  number bigint not null unique,
  sequence bigint not null unique,
  genesis_txid text not null,
  genesis_height integer not null,
  genesis_time timestamptz not null,
  genesis_fee bigint not null,
  content_type text,
  content_encoding text,
  content_length integer not null,
  content bytea,
  metaprotocol text,
  parents text[] not null default '{}',
  delegate text,
  -- ord's pointer is a u64: numeric holds all of it.
  pointer numeric(20, 0),
  metadata bytea,
  properties bytea,
  genesis_charms text[] not null default '{}',
  charms text[] not null default '{}',
  -- Current location: txid:vout:sat_offset, the output's value and address.
  txid text not null,
  vout bigint not null,
  sat_offset bigint not null,
  output_value bigint not null,
  address text,
  location_height integer not null
);
create index chain_inscriptions_outpoint on chain_inscriptions (txid, vout);
create index chain_inscriptions_address on chain_inscriptions (address) where address is not null;
create index chain_inscriptions_genesis_height on chain_inscriptions (genesis_height);
create index chain_inscriptions_location_height on chain_inscriptions (location_height);

-- Every placement of an inscription, the first (its reveal) included; the last one is its location.
create table chain_transfers (
  inscription_id text not null references chain_inscriptions (inscription_id) on delete cascade,
  height integer not null,
  -- Order of the move within its block.
  seq integer not null,
  txid text not null,
  vout bigint not null,
  sat_offset bigint not null,
  output_value bigint not null,
  address text,
  added_charms text[] not null default '{}',
  primary key (inscription_id, height, seq)
);
create index chain_transfers_height on chain_transfers (height);

-- Unspent (and recently spent) outputs by address, on networks where we index them all.
create table chain_utxos (
  txid text not null,
  vout integer not null,
  value bigint not null,
  script bytea not null,
  address text,
  height integer not null,
  spent_height integer,
  spent_txid text,
  primary key (txid, vout)
);
create index chain_utxos_unspent_by_address on chain_utxos (address) where spent_height is null;
create index chain_utxos_height on chain_utxos (height);
create index chain_utxos_spent_height on chain_utxos (spent_height) where spent_height is not null;

-- Outputs spent by transactions in the mempool: an inscription on one of them is moving.
create table mempool_spends (
  txid text not null,
  prev_txid text not null,
  prev_vout integer not null,
  seen_at timestamptz not null default now(),
  primary key (prev_txid, prev_vout, txid)
);
create index mempool_spends_txid on mempool_spends (txid);
