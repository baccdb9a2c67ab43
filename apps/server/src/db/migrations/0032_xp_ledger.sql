-- xp (ADR 020): XP as an append-only ledger per wallet address, computed from the
-- chain. Holding the utility token earns floor(tokens × rate) per block. A holder's balance is
-- constant between the blocks that change it, so XP is written per period, not per block: each
-- holder has one open period (xp_holdings: its balance since a block), closed into a 'hold' row
-- of the ledger (from_height..height, its XP) by the next block that changes the balance. A
-- holder's XP is its ledger plus its open period up to the last accrued block. Tasks add one row
-- each; spending XP is a negative row. xp_blocks records the accrued blocks under their hash: a
-- reorg deletes the records and the periods past the fork and rebuilds the open periods there.
create table xp_ledger (
  id bigint generated always as identity primary key,
  address text not null,
  delta bigint not null,
  reason text not null,
  -- 'hold': the period's first and last block, and whose balance it was.
  from_height integer,
  height integer,
  pkscript text,
  txid text,
  key text not null unique,
  created_at timestamptz not null default now(),
  constraint xp_ledger_reason check (reason <> '')
);
create index xp_ledger_by_address on xp_ledger (address, id desc);
create index xp_ledger_holds on xp_ledger (pkscript, height) where reason = 'hold';
create index xp_ledger_hold_heights on xp_ledger (height) where reason = 'hold';

create table xp_holdings (
  pkscript text primary key,
  address text not null,
  units numeric(40, 0) not null,
  since_height integer not null
);
create index xp_holdings_by_address on xp_holdings (address);

create table xp_blocks (
  height integer primary key,
  hash text not null,
  -- Holders whose balance the block changed (periods closed and opened).
  changed integer not null,
  accrued_at timestamptz not null default now()
);
