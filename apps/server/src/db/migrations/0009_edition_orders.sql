-- 0009_edition_orders: minting editions (ADR 011; product.md#market-calls editions/mint).
--
-- An order reserves mint_count editions of an editions launch (launchpads.remaining_editions goes
-- down in the same transaction) until expires_at. Its charge address is the taproot commit of a
-- key derived from the cosigner secret and the order id, never stored: whoever pays `amount` to it
-- gets the editions, revealed to taker_ordinal_address. reveal_outputs ([{address, value}], sats as
-- strings) are fixed when the order is made, so a later change of fees cannot change a paid order.
create table edition_orders (
  id uuid primary key,
  launchpad_id uuid not null references launchpads (id) on delete cascade,
  user_id uuid not null references users (id),
  status text not null default 'awaiting_payment',
  mint_count integer not null,
  taker_ordinal_address text not null,
  taker_payment_address text not null,
  charge_address text not null unique,
  amount bigint not null,
  unit_price bigint not null,
  platform_fee bigint not null default 0,
  -- The reveal's fee; the PSBT's own fee is the buyer's.
  network_fee bigint not null,
  fee_rate numeric(12, 3) not null,
  max_fee_rate numeric(12, 3) not null,
  reveal_outputs jsonb not null,
  -- The payment PSBT as built and its layout (InputRole per input): submit must bring it back.
  psbt text not null,
  layout jsonb not null,
  commit_txid text,
  commit_vout integer,
  commit_hex text,
  reveal_txid text,
  reveal_hex text,
  expires_at timestamptz not null,
  paid_at timestamptz,
  inscribed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint edition_orders_status check (status in
    ('awaiting_payment', 'paid', 'inscribed', 'expired', 'refund_due')),
  constraint edition_orders_amounts check (
    mint_count >= 1 and amount > 0 and unit_price >= 0 and platform_fee >= 0 and network_fee > 0
    and fee_rate > 0 and max_fee_rate > 0),
  constraint edition_orders_txids check (
    (commit_txid is null or commit_txid ~ '^[0-9a-f]{64}$')
    and (reveal_txid is null or reveal_txid ~ '^[0-9a-f]{64}$')),
  -- Paid means the reveal is built and about to be broadcast (or retried by the worker).
  constraint edition_orders_revealed check (
    status not in ('paid', 'inscribed')
    or (commit_txid is not null and commit_vout is not null and reveal_txid is not null
      and reveal_hex is not null))
);
-- The worker's scan (unpaid, paid, recently expired) and the lazy expiry before a reservation.
create index edition_orders_by_status on edition_orders (status, expires_at);
create index edition_orders_by_launch on edition_orders (launchpad_id, created_at desc);
create index edition_orders_by_user on edition_orders (user_id, created_at desc);
