-- product.md#trust-findings finding 5: a claim (a listing sold, a multisig transaction or an
-- auction settled, an auction deposit confirmed) is written with the final transaction it claims
-- for, in the same database transaction, so a process killed between the claim and the broadcast
-- leaves the transaction on disk. The claimed-transactions worker broadcasts it again while its
-- inputs are unspent, marks it final once mined, and hands it back to the kind's own handler
-- (which reopens or closes the claimed row) when another transaction spent one of its inputs.
create table claimed_transactions (
  id bigint generated always as identity primary key,
  -- Whose claim: 'purchase' (a listing or launch mint, ref = the offer's txid), 'multisig'
  -- (ref = the multisig transaction's id), 'auction-settle' and 'auction-deposit' (ref = the
  -- auction's id).
  kind text not null,
  ref text not null,
  -- The final transactions in broadcast order (parents first), and their txids.
  hexes text[] not null,
  txids text[] not null,
  -- claimed: written with the claim, maybe never broadcast; sent: the node took it; final: mined;
  -- released: an input was spent elsewhere and the kind's handler undid or closed the claim.
  status text not null default 'claimed',
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint claimed_transactions_kind check (kind in
    ('purchase', 'multisig', 'auction-settle', 'auction-deposit')),
  constraint claimed_transactions_status check (status in ('claimed', 'sent', 'final', 'released')),
  constraint claimed_transactions_txids check (
    cardinality(txids) = cardinality(hexes) and cardinality(txids) > 0)
);
create index claimed_transactions_open on claimed_transactions (id) where status in ('claimed', 'sent');
create unique index claimed_transactions_claim on claimed_transactions (kind, ref, (txids[cardinality(txids)]));

-- product.md#trust-findings finding 2: a plain listing whose signed witness went out in a purchase
-- that never confirmed (the buyer replaced it) is 'exposed': anyone can still complete the seller's
-- 0x83 signature at the old price until the inscription moves, so it is never silently reopened.
alter table orderbook drop constraint orderbook_status;
alter table orderbook
  add constraint orderbook_status check (status in ('pending', 'active', 'broadcast', 'canceled', 'exposed'));
