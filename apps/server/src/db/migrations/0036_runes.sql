-- 0036_runes: the runes index (issue 20), ord's, fed block by block after the inscription index.
-- Amounts are u128 in the rune's smallest unit: numeric(40, 0). Rune ids are 'block:tx' text.

-- One row per indexed block: the inscription index's hash it was read at (a reorg check).
create table rune_blocks (
  height integer primary key,
  hash text not null,
  indexed_at timestamptz not null default now()
);

-- ord's RuneEntry. mints and burned move with every block (rune_supply_changes undoes them).
create table rune_entries (
  id text primary key,
  rune numeric(40, 0) not null unique,
  -- The name's letters alone (searched) and with its spacers (shown).
  name text not null,
  spaced_name text not null,
  spacers integer not null,
  number integer not null unique,
  divisibility integer not null,
  symbol text,
  premine numeric(40, 0) not null,
  -- Open-mint terms as decimal strings or null: { amount, cap, height: [s, e], offset: [s, e] }.
  terms jsonb,
  turbo boolean not null,
  mints numeric(40, 0) not null default 0,
  burned numeric(40, 0) not null default 0,
  etching text not null,
  block integer not null,
  -- The etching block's time, UTC seconds.
  timestamp bigint not null
);
create index rune_entries_block on rune_entries (block);
create index rune_entries_name on rune_entries (name text_pattern_ops);

-- Mints and burns per block and rune, undone by a rollback.
create table rune_supply_changes (
  height integer not null,
  rune_id text not null,
  mints numeric(40, 0) not null,
  burned numeric(40, 0) not null,
  primary key (height, rune_id)
);

-- Rune-bearing outputs. A spend sets spent_height (a rollback clears it); a rollback deletes rows
-- created above its height, as chain_utxos does.
create table rune_balances (
  outpoint text not null,
  rune_id text not null,
  amount numeric(40, 0) not null,
  pkscript text not null,
  -- null for a script without an address on this network (OP_RETURN never holds runes).
  address text,
  created_height integer not null,
  spent_height integer,
  primary key (outpoint, rune_id)
);
create index rune_balances_address on rune_balances (address, rune_id) where spent_height is null;
create index rune_balances_holders on rune_balances (rune_id, address) where spent_height is null;
create index rune_balances_unspent on rune_balances (outpoint) where spent_height is null;
create index rune_balances_created_height on rune_balances (created_height);
create index rune_balances_spent_height on rune_balances (spent_height)
  where spent_height is not null;

-- Etchings, mints, transfers and burns in the block's order (seq).
create table rune_events (
  height integer not null,
  seq integer not null,
  txid text not null,
  kind text not null check (kind in ('etch', 'mint', 'transfer', 'burn')),
  rune_id text not null,
  amount numeric(40, 0) not null,
  vout integer,
  primary key (height, seq)
);
create index rune_events_rune on rune_events (rune_id, height desc, seq desc);
