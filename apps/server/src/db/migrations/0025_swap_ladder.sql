-- The pools' ladders (ADR 017, ADR 017): transfer inscriptions of standard amounts the pool
-- inscribes to itself ahead of time, so that a buy of such an amount settles in one transaction.

-- The standard amounts (the index's 10^18 scale) and how many of each the pool keeps ready.
alter table swap_pools
  add column ladder numeric(40, 0)[] not null default '{}',
  add column ladder_depth integer not null default 2,
  add constraint swap_pools_ladder_depth check (ladder_depth between 0 and 20);

-- Each ladder inscription the pool made, written in the transaction that journals its commit and
-- reveal: its output (the reveal's first, at the pool's address, offset 0) and its amount. A row
-- stays after a swap used it (the history); what is in stock is read against the index and chain.
create table swap_ladder (
  inscription_id text primary key,
  tick text not null references swap_pools (tick),
  amount numeric(40, 0) not null check (amount > 0),
  txid text not null,
  vout integer not null,
  value bigint not null,
  created_at timestamptz not null default now()
);
create index swap_ladder_by_tick on swap_ladder (tick, amount);
