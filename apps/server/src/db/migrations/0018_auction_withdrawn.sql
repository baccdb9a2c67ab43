-- 0018_auction_withdrawn: an auction whose escrowed item left the seller's maker wallet outside a
-- settlement (the seller-alone path after 144 blocks) closes as 'withdrawn'
-- (product.md#trust-findings finding 4, ADR 012): it takes no bids and its bidders' coins are free
-- again.

alter table auctions drop constraint auctions_status;
alter table auctions add constraint auctions_status check (status in
  ('pending_signature', 'pending', 'active', 'settled', 'unsold', 'canceled', 'failed',
   'withdrawn'));
