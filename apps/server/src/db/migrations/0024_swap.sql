-- ADR 017: the BRC-20 swap. A pool is one tick against BTC, held by one platform key
-- (derived from the cosigner secret and the tick, never stored); its reserves are read from the
-- chain and the BRC-20 index, never kept here. An order is a quote bound to its PSBT and expiry.
create table swap_pools (
  -- The tick as the BRC-20 index keys it (lower case).
  tick text primary key,
  created_at timestamptz not null default now()
);

create table swap_orders (
  id text primary key,
  -- The order's place on its pool's curve: numbered under the pool's lock, so in pricing order.
  seq bigint generated always as identity,
  tick text not null references swap_pools (tick),
  -- 'buy': BTC in, tokens out; 'sell': tokens in, BTC out.
  direction text not null,
  state text not null default 'quoted',
  payment_address text not null,
  ordinals_address text not null,
  -- The request's client address (how many open quotes one client holds).
  client text not null,
  -- Base units: sats for BTC, 10^18ths for tokens (the index's scale).
  send_amount numeric(40, 0) not null,
  receive_amount numeric(40, 0) not null,
  min_receive numeric(40, 0) not null,
  slippage text not null,
  fee_rate numeric not null,
  platform_fee bigint not null,
  -- In the unit of what goes into the curve.
  lp_fee numeric(40, 0) not null,
  -- Every transaction's fee the user pays: the swap's, and on a buy the pool's commit and reveal.
  network_fee bigint not null,
  -- The pool's reserves when the order was priced, and what the order moves them by (after − before).
  reserve_btc bigint not null,
  reserve_token numeric(40, 0) not null,
  btc_delta bigint not null,
  token_delta numeric(40, 0) not null,
  -- The transfer inscription that changes hands (a buy's is the pool's reveal, known before it is sent).
  inscription_id text not null,
  -- The unsigned swap PSBT (base64), its layout (whose each input is: the builder's SwapLayout),
  -- and on a buy the pool's signed commit and reveal that go out before it.
  psbt text not null,
  layout jsonb not null,
  prelude_hexes text[] not null default '{}',
  prelude_txids text[] not null default '{}',
  txid text not null,
  -- Set once the node took the swap (its coins then show spent in the mempool).
  broadcast_at timestamptz,
  mined_height integer,
  error text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint swap_orders_direction check (direction in ('buy', 'sell')),
  constraint swap_orders_state check (state in
    ('quoted', 'pending', 'confirmed', 'completed', 'failed', 'expired')),
  constraint swap_orders_amounts check (send_amount > 0 and receive_amount > 0 and min_receive >= 0)
);
-- The orders that still move a pool's reserves or hold its coins.
create index swap_orders_open on swap_orders (tick) where state in ('quoted', 'pending', 'confirmed');
create index swap_orders_payment_address on swap_orders (payment_address, created_at desc);
-- One live order per transaction: a quote asked again from the same coins builds the same one,
-- and the lapsed order keeps its txid.
create unique index swap_orders_txid on swap_orders (txid) where state not in ('expired', 'failed');

alter table claimed_transactions drop constraint claimed_transactions_kind;
alter table claimed_transactions add constraint claimed_transactions_kind check (kind in
  ('purchase', 'multisig', 'auction-settle', 'auction-deposit', 'inscribe', 'inscribe-refund',
   'swap'));
