-- 0012_auction_bids: English auctions with a reserve (ADR 012).
--
-- An auction's inscription moves into the seller's maker wallet (the deposit, psbt/signed_psbt of
-- 0001) and the seller signs, once, that output SIGHASH_SINGLE|ANYONECANPAY against the payout at
-- the floor, max(start_price, reserve_price) less the platform fee. Every bid is the whole
-- settlement transaction, funded from the bidder's multisig wallet and signed by the bidder; the
-- platform co-signs the best one that still can be after the end.

alter table auctions
  add column maker_wallet_id uuid references multisig_wallets (id) on delete restrict,
  -- The deposit's txid (known before signing: segwit) and the maker wallet's output it makes.
  add column deposit_txid text,
  add column maker_wallet_outpoint text,
  add column inscription_offset bigint not null default 0,
  -- The deposit's InputRole per input and fee-rate cap, for finalizing it at confirm.
  add column deposit_layout jsonb,
  -- The floor and the platform fee on it: what the seller's signature pays out.
  add column floor_price bigint,
  add column floor_fee bigint,
  add column settlement_psbt text,
  -- U's 0x83 signature over the settlement input, hex. Never leaves the server.
  add column settlement_signature text,
  add column settlement_txid text,
  add column settled_at timestamptz,
  add constraint auctions_deposit_txid_format check (deposit_txid ~ '^[0-9a-f]{64}$'),
  add constraint auctions_settlement_txid_format check (settlement_txid ~ '^[0-9a-f]{64}$'),
  add constraint auctions_maker_wallet_outpoint_format
    check (maker_wallet_outpoint ~ '^[0-9a-f]{64}:[0-9]+$'),
  add constraint auctions_settlement_signature_format
    check (settlement_signature ~ '^([0-9a-f]{2})+$'),
  add constraint auctions_floor check (floor_price > 0 and floor_fee >= 0 and floor_fee <= floor_price);

-- auction_bids: a bid is its settlement transaction. psbt is what was built (the bidder signs every
-- input but the seller's), layout its InputRole per input and fee-rate cap, txid its final txid.
-- A 'standing' bid is the highest; its coins are reserved (auction_coin_reservations) until it is
-- 'outbid'. At the end the best signed bid that still can settle is 'won'; one that cannot (its
-- coins spent) is 'invalid'.
create table auction_bids (
  id uuid primary key default gen_random_uuid(),
  auction_id uuid not null references auctions (id) on delete cascade,
  bidder_user_id uuid not null references users (id) on delete cascade,
  bidder_wallet_id uuid not null references multisig_wallets (id) on delete restrict,
  bidder_ordinal_address text not null,
  amount bigint not null,
  fee_rate numeric(12, 3) not null,
  max_fee_rate numeric(12, 3) not null,
  network_fee bigint not null,
  txid text not null,
  psbt text not null,
  signed_psbt text,
  layout jsonb not null,
  -- The bidder's coins the transaction spends ('txid:vout'), paddings first.
  reserved_coins text[] not null default '{}',
  status text not null default 'pending_signature',
  invalid_reason text,
  created_at timestamptz not null default now(),
  placed_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint auction_bids_status check (status in
    ('pending_signature', 'standing', 'outbid', 'won', 'invalid')),
  constraint auction_bids_amount check (amount > 0 and network_fee >= 0),
  constraint auction_bids_fee_rate check (fee_rate > 0 and max_fee_rate > 0),
  constraint auction_bids_txid_format check (txid ~ '^[0-9a-f]{64}$'),
  constraint auction_bids_signed check (status = 'pending_signature' or signed_psbt is not null)
);
-- The auction page (newest first) and the settlement (highest first).
create index auction_bids_by_auction on auction_bids (auction_id, amount desc);
-- At most one highest bid: the confirm call moves it under the auction's row lock.
create unique index auction_bids_one_standing on auction_bids (auction_id)
  where status = 'standing';
create index auction_bids_bidder on auction_bids (bidder_user_id);

-- The multisig coins a standing bid will spend: one row per coin, so no two standing bids (of any
-- auction) ever count on the same coin. Deleted when the bid is outbid or the auction closes.
create table auction_coin_reservations (
  outpoint text primary key,
  bid_id uuid not null references auction_bids (id) on delete cascade,
  wallet_id uuid not null references multisig_wallets (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint auction_coin_reservations_outpoint check (outpoint ~ '^[0-9a-f]{64}:[0-9]+$')
);
create index auction_coin_reservations_bid on auction_coin_reservations (bid_id);
create index auction_coin_reservations_wallet on auction_coin_reservations (wallet_id);
