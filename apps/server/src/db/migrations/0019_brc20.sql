-- 0019_brc20: the BRC-20 index (ADR 015), fed by the inscription index block by block.
-- OPI-ord's transfer log needs two more facts per move: whether the coinbase placed it (spent as
-- fee or lost) and the output's script when it has no address (OP_RETURN, nonstandard).
-- chain_transfers.seq is from now on OPI-ord's transfer order within the block.

alter table chain_transfers add column sent_as_fee boolean not null default false;
alter table chain_transfers add column script bytea;

-- One row per indexed block: OPI's per-block and cumulative event hashes (EVENT_HASH_VERSION 3).
create table brc20_blocks (
  height integer primary key,
  hash text not null,
  event_count integer not null,
  block_event_hash text not null,
  cumulative_event_hash text not null,
  indexed_at timestamptz not null default now()
);

-- Amounts are integers scaled by 10^18 (OPI utils.rs), whatever the ticker's decimals.
create table brc20_tickers (
  tick text primary key,
  original_tick text not null,
  max_supply numeric(40, 0) not null,
  limit_per_mint numeric(40, 0) not null,
  decimals integer not null,
  minted_supply numeric(40, 0) not null default 0,
  burned_supply numeric(40, 0) not null default 0,
  self_mint boolean not null,
  deploy_inscription_id text not null,
  deploy_height integer not null,
  deployer_pkscript text not null,
  -- Pkscripts with a non-zero overall balance, recomputed for the ticks a block touches.
  holders integer not null default 0
);
create index brc20_tickers_holders on brc20_tickers (holders desc, tick);
create index brc20_tickers_deploy_height on brc20_tickers (deploy_height desc, tick);

-- Ticker supply changes per block, undone by a rollback.
create table brc20_ticker_changes (
  height integer not null,
  tick text not null,
  minted_delta numeric(40, 0) not null,
  burned_delta numeric(40, 0) not null,
  primary key (height, tick)
);

-- Current balances; overall = available + transferable (locked by unused transfer-inscribes).
create table brc20_balances (
  pkscript text not null,
  tick text not null,
  address text,
  overall numeric(40, 0) not null,
  available numeric(40, 0) not null,
  -- The block that created the row: a rollback below it deletes the row.
  first_height integer not null,
  primary key (pkscript, tick)
);
create index brc20_balances_holders on brc20_balances (tick, overall desc, pkscript)
  where overall > 0;
create index brc20_balances_address on brc20_balances (address, tick);

-- Net balance changes per block: a rollback subtracts them.
create table brc20_balance_changes (
  height integer not null,
  pkscript text not null,
  tick text not null,
  overall_delta numeric(40, 0) not null,
  available_delta numeric(40, 0) not null,
  primary key (height, pkscript, tick)
);

-- Valid transfer-inscribes; used_height is set by their first move (only that one counts).
create table brc20_transferables (
  inscription_id text primary key,
  tick text not null,
  -- The transfer inscription's own casing: its transfer-transfer event prints it.
  original_tick text not null,
  amount numeric(40, 0) not null,
  source_pkscript text not null,
  source_address text,
  height integer not null,
  used_height integer
);
create index brc20_transferables_unused on brc20_transferables (source_pkscript, tick)
  where used_height is null;
create index brc20_transferables_address on brc20_transferables (source_address)
  where used_height is null;
create index brc20_transferables_used_height on brc20_transferables (used_height);
create index brc20_transferables_height on brc20_transferables (height);

-- Every event in OPI's processing order (seq within the block): the activity and the hash input.
create table brc20_events (
  height integer not null,
  seq integer not null,
  type text not null check (type in
    ('deploy-inscribe', 'mint-inscribe', 'transfer-inscribe', 'transfer-transfer')),
  inscription_id text not null,
  tick text not null,
  original_tick text not null,
  pkscript text not null,
  address text,
  -- transfer-transfer: the receiver; '' when sent as fee, '6a' when burned.
  spent_pkscript text,
  spent_address text,
  amount numeric(40, 0),
  max_supply numeric(40, 0),
  limit_per_mint numeric(40, 0),
  decimals integer,
  self_mint boolean,
  parent_id text,
  ticker_decimals integer not null,
  primary key (height, seq)
);
create index brc20_events_tick on brc20_events (tick, height desc, seq desc);
create index brc20_events_address on brc20_events (address, height desc, seq desc);
create index brc20_events_spent_address on brc20_events (spent_address, height desc, seq desc)
  where spent_address is not null;

-- Transfer-inscribes seen in the mempool (refreshed with mempool_spends): shown as pending,
-- never counted in a balance.
create table brc20_mempool_transfers (
  inscription_id text primary key,
  txid text not null,
  tick text not null,
  -- The amount as inscribed (a decimal string), checked against the ticker when read.
  amount text not null,
  address text,
  seen_at timestamptz not null default now()
);
create index brc20_mempool_transfers_address on brc20_mempool_transfers (address);
