-- reward pools (ADR 020): pools are defined by a seed file per network, entries belong
-- to the wallet address that spent the XP (as XP does), and every draw is public.
-- A pool's draw is committed when it is defined: sha256(seed) and the block whose hash draws.
-- The seed stays secret until the draw (the routes never send it before).
alter table pools
  add column seed text,
  add column seed_hash text,
  add column draw_block integer,
  -- XP a ticket costs (n-winners, winner-takes-all).
  add column ticket_price bigint,
  add column total_tickets bigint not null default 0,
  add constraint pools_ticket_price check (ticket_price > 0),
  add constraint pools_tickets check (total_tickets >= 0);
-- The spec's -1 (not set / open ended) is null here; start without end is allowed.
alter table pools drop constraint pools_blocks;
alter table pools add constraint pools_blocks check (
  (start_block is null or start_block >= 0)
  and (end_block is null or (start_block is not null and end_block >= start_block)));

-- Entries by address: an address nobody signed in with still earns XP, and spends it through a
-- session that proved it (ADR 020). user_id says which session spent it.
alter table point_allocations alter column user_id drop not null;
alter table tickets alter column user_id drop not null;
create index point_allocations_by_pool_address on point_allocations (pool_id, address);
create index tickets_by_pool_address on tickets (pool_id, address);

-- pool_draws: the published inputs of a draw: the seed, the draw block's hash, the hash of the
-- frozen entries. Deleted with its winners when a reorg replaces the draw block before a payout.
create table pool_draws (
  pool_id uuid primary key references pools (id) on delete cascade,
  height integer not null,
  block_hash text not null,
  entries_hash text not null,
  drawn_at timestamptz not null default now()
);

-- pool_winners: one row per winner and reward (a reward split by points or among n winners);
-- amount in the reward's own units.
drop table pool_winners;
create table pool_winners (
  pool_id uuid not null references pool_draws (pool_id) on delete cascade,
  reward_index integer not null,
  address text not null,
  amount numeric not null,
  primary key (pool_id, reward_index, address),
  constraint pool_winners_amount check (amount > 0)
);
create index pool_winners_address on pool_winners (address);
