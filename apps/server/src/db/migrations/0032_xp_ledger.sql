-- xp (issue 16, ADR 020): XP as an append-only ledger per wallet address, computed from the
-- chain. Each BRC-20-indexed block in which an address held the utility token adds one 'hold'
-- row (key 'hold:<height>:<pkscript>'); tasks add one row each; spending XP is a negative row.
-- xp_blocks records which blocks were accrued and under which hash: a reorg that replaces a block
-- deletes its record and its 'hold' rows, and the new block is accrued instead.
create table xp_ledger (
  id bigint generated always as identity primary key,
  address text not null,
  delta bigint not null,
  reason text not null,
  height integer,
  txid text,
  key text not null unique,
  created_at timestamptz not null default now(),
  constraint xp_ledger_reason check (reason <> '')
);
create index xp_ledger_by_address on xp_ledger (address, id desc);
create index xp_ledger_by_height on xp_ledger (height) where reason = 'hold';

create table xp_blocks (
  height integer primary key,
  hash text not null,
  holders integer not null,
  accrued_at timestamptz not null default now()
);
