-- 0020_inscribe_orders: our inscription service (ADR 016), OrdinalsBot-shaped.
--
-- An order is priced when it is made (amount = chain_fee + postage + service_fee, every vsize
-- exact) and has its charge address at once: the key-path taproot address of a key derived from
-- the cosigner secret and the order id, never stored. Once the payment confirms, one commit fans
-- it out to one commit output per file and each file gets its own reveal (input 0, one envelope,
-- no pointer), journalled in claimed_transactions (kind 'inscribe') before it is broadcast; a
-- refund likewise (kind 'inscribe-refund').
create table inscribe_orders (
  id uuid primary key,
  state text not null default 'waiting-payment',
  order_type text not null,
  receive_address text not null,
  -- Where refunds go; null: the payment's first input's address.
  refund_address text,
  fee_rate numeric(12, 3) not null,
  file_count integer not null,
  -- BRC-20 mint orders: the tick as deployed and the amount per mint.
  brc20_tick text,
  brc20_amt text,
  charge_address text not null unique,
  amount bigint not null,
  chain_fee bigint not null,
  service_fee bigint not null,
  postage bigint not null,
  commit_vsize integer not null,
  reveal_vsize integer not null,
  payment_txid text,
  commit_txid text,
  -- The excess of an overpayment sent back in the commit's change output.
  change_amount bigint,
  -- Why the payment is sent back: 'underpaid' or 'expired' (paid after the order expired).
  refund_reason text,
  refund_txid text,
  refund_amount bigint,
  error text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inscribe_orders_state check (state in ('waiting-payment', 'payment-seen',
    'payment-confirmed', 'inscribing', 'completed', 'underpaid', 'expired', 'refunding',
    'refunded', 'error')),
  constraint inscribe_orders_type check (order_type in ('direct', 'brc20')),
  constraint inscribe_orders_amounts check (file_count >= 1 and amount > 0 and chain_fee > 0
    and service_fee >= 0 and postage > 0 and fee_rate > 0),
  constraint inscribe_orders_txids check (
    (payment_txid is null or payment_txid ~ '^[0-9a-f]{64}$')
    and (commit_txid is null or commit_txid ~ '^[0-9a-f]{64}$')
    and (refund_txid is null or refund_txid ~ '^[0-9a-f]{64}$')),
  constraint inscribe_orders_refund_reason check (refund_reason in ('underpaid', 'expired')),
  constraint inscribe_orders_brc20 check ((order_type = 'brc20') = (brc20_tick is not null))
);
-- What the worker looks at: orders not final (and expired ones, a payment may still come).
create index inscribe_orders_open on inscribe_orders (expires_at)
  where state not in ('completed', 'refunded', 'error');

-- The files of an order, in order; reveal_txid once its reveal is journalled (inscription
-- `${reveal_txid}i0`).
create table inscribe_order_files (
  order_id uuid not null references inscribe_orders (id) on delete cascade,
  idx integer not null,
  name text not null,
  content_type text not null,
  body bytea not null,
  reveal_txid text,
  primary key (order_id, idx),
  constraint inscribe_order_files_txid check (reveal_txid is null or reveal_txid ~ '^[0-9a-f]{64}$')
);

alter table claimed_transactions drop constraint claimed_transactions_kind;
alter table claimed_transactions add constraint claimed_transactions_kind check (kind in
  ('purchase', 'multisig', 'auction-settle', 'auction-deposit', 'inscribe', 'inscribe-refund'));
