-- 0014_refunds_and_cleanup: edition refunds, and the clean-up of what was never signed (ADR 010).
--
-- An edition order whose payment cannot be inscribed ('refund_due': paid too little, or after it
-- expired) is refunded: every coin of its charge address goes back to the taker's payment address
-- by key path (ADR 011). 'refunding' is the claim (the transaction is built and being broadcast,
-- retried by the worker after a restart), 'refunded' once it is out. A charge address whose coins
-- cannot pay a refund's fee is checked again after refund_checked_at + 1 hour.
alter table edition_orders drop constraint edition_orders_status;
alter table edition_orders
  add constraint edition_orders_status check (status in
    ('awaiting_payment', 'paid', 'inscribed', 'expired', 'refund_due', 'refunding', 'refunded')),
  add column refund_txid text,
  add column refund_hex text,
  add column refunding_at timestamptz,
  add column refunded_at timestamptz,
  add column refund_checked_at timestamptz,
  add constraint edition_orders_refund_txid check (refund_txid ~ '^[0-9a-f]{64}$'),
  add constraint edition_orders_refunding check (
    status not in ('refunding', 'refunded')
    or (refund_txid is not null and refund_hex is not null and refunding_at is not null));

-- Bids built and never signed, and auctions never signed, are deleted by the settlement worker
-- after an hour; this index finds the bids.
create index auction_bids_unsigned on auction_bids (created_at) where status = 'pending_signature';
