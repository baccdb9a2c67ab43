-- rewards payouts (ADR 020): real transactions from the rewards wallet to pool winners
-- and to the utility token's holders per 144-block mining cycle. A reward belongs to the wallet
-- address it pays (as XP does); user_id is whoever that was when known.
alter table rewards alter column user_id drop not null;
alter table rewards
  add column address text not null,
  -- Which reward of the pool (its position in pool_rewards by id), or which mining cycle.
  add column reward_index integer,
  add column cycle integer,
  -- pending: owed, its transaction not built yet; sent: journalled (claimed_transactions) with
  -- its txid, then broadcast; confirmed: mined.
  add column status text not null default 'pending',
  -- What the reward pays, once: pool:<pool>:<index>:<address>, mining:<cycle>:<address>.
  add column key text not null,
  add constraint rewards_status check (status in ('pending', 'sent', 'confirmed')),
  add constraint rewards_sent_txid check (status = 'pending' or txid is not null),
  add constraint rewards_key unique (key);
create index rewards_by_address_date on rewards (address, date desc, id);
create index rewards_by_txid on rewards (txid) where txid is not null;

-- mining_cycles: a closed cycle (blocks [144k, 144k + 143]): the fees the platform's fee address
-- received in it, what the previous cycle carried in, what this one carries out (shares below
-- dust, or everything when nobody held the token) and the transaction that paid the rest.
create table mining_cycles (
  cycle integer primary key,
  start_height integer not null,
  end_height integer not null,
  fees bigint not null,
  carried_in bigint not null,
  carried_out bigint not null,
  paid bigint not null,
  txid text,
  -- paid: its transaction is journalled; carried: nothing was paid (all carried out).
  state text not null,
  closed_at timestamptz not null default now(),
  constraint mining_cycles_state check (state in ('paid', 'carried')),
  constraint mining_cycles_sums check (fees + carried_in = paid + carried_out and paid >= 0
    and carried_out >= 0),
  constraint mining_cycles_paid check ((state = 'paid') = (txid is not null))
);

alter table claimed_transactions drop constraint claimed_transactions_kind;
alter table claimed_transactions add constraint claimed_transactions_kind check (kind in
  ('purchase', 'multisig', 'auction-settle', 'auction-deposit', 'inscribe', 'inscribe-refund',
   'swap', 'reward-payout'));
