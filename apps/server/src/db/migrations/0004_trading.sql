-- 0004_trading: what trading needs besides the orderbook and trade_history of 0001 (ADR 007 "Trade"
-- and "Safety"; product.md#records Listing, Trade history, Discount; product.md#market-calls
-- Listings).

-- A market listing's place in the listing PSBT its maker signed: input and output psbt_index of
-- psbt / signed_psbt (a maker may list several inscriptions in one signature session), and the
-- offset of the inscription's sat in the listed UTXO (the third field of its satpoint), which the
-- purchase needs to land the inscription at offset 0 of the buyer's output. Launch inventory keeps
-- using psbt_batch_id and index_in_maker_psbt.
alter table orderbook
  add column psbt_index integer,
  add column inscription_offset bigint not null default 0,
  add constraint orderbook_psbt_index check (psbt_index >= 0),
  add constraint orderbook_inscription_offset check (inscription_offset >= 0 and inscription_offset < output_value);
-- The trade tracker: listings still for sale or awaiting their signature, by outpoint.
create index orderbook_open_by_outpoint on orderbook (outpoint) where status in ('pending', 'active');

-- The transaction that took a sniped trade's inscription (product.md#states-and-transitions:
-- sniped stays pending until that transaction confirms, then the trade is finalized).
alter table trade_history
  add column sniper_transaction_id text,
  add constraint trade_history_sniper_transaction_id_format
    check (sniper_transaction_id ~ '^[0-9a-f]{64}$');
-- The tracker re-checks trades settled in the last blocks against the indexed chain (reorgs).
create index trade_history_by_block_height on trade_history (block_height) where block_height is not null;

-- purchase_offers: every purchase PSBT built for a buyer (createOffer), keyed by the txid of its
-- unsigned transaction, so that submitOffer finds exactly what was built and refuses anything else.
-- layout says who signs each input (the sellers' inputs get their stored witnesses); setup_* is the
-- padding split chained in front for a buyer without padding. Several buyers may hold offers on the
-- same listings: the first to submit claims them.
create table purchase_offers (
  txid text primary key,
  listing_ids uuid[] not null,
  psbt text not null,
  layout jsonb not null,
  fee_rate numeric(12, 3) not null,
  max_fee_rate numeric(12, 3) not null,
  platform_fee bigint not null default 0,
  network_fee bigint not null,
  setup_txid text,
  setup_psbt text,
  setup_layout jsonb,
  taker_payment_address text not null,
  taker_payment_public_key text not null,
  taker_ordinal_address text not null,
  -- The purchase's final txid once broadcast.
  transaction_id text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint purchase_offers_txid_format check (txid ~ '^[0-9a-f]{64}$'),
  constraint purchase_offers_setup_txid_format check (setup_txid ~ '^[0-9a-f]{64}$'),
  constraint purchase_offers_transaction_id_format check (transaction_id ~ '^[0-9a-f]{64}$'),
  constraint purchase_offers_listings check (cardinality(listing_ids) >= 1),
  constraint purchase_offers_amounts check (platform_fee >= 0 and network_fee >= 0 and fee_rate > 0 and max_fee_rate > 0),
  constraint purchase_offers_setup check (
    (setup_txid is null) = (setup_psbt is null) and (setup_psbt is null) = (setup_layout is null))
);
create index purchase_offers_expires_at on purchase_offers (expires_at);

-- listing_delists: the on-chain delisting PSBT prepared for a listing (the inscription back to the
-- maker's ordinal address, the fee from the maker's payment coins), the latest one per listing.
create table listing_delists (
  listing_id uuid primary key references orderbook (id) on delete cascade,
  psbt text not null,
  layout jsonb not null,
  max_fee_rate numeric(12, 3) not null,
  fee bigint not null,
  maker_payment_address text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint listing_delists_fee check (fee >= 0 and max_fee_rate > 0)
);

-- fee_discounts: reductions of the platform's maker fee (product.md#records Discount: type
-- percentage or fixed, discount, parameter, reason). parameter names what it applies to: a maker's
-- address (ordinal or payment) or 'collection:{slug}'. discount is a percent (0-100) or sats. The
-- best active one wins.
create table fee_discounts (
  id bigint generated always as identity primary key,
  type text not null,
  discount numeric(20, 2) not null,
  parameter text not null,
  reason text not null default '',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint fee_discounts_type check (type in ('percentage', 'fixed')),
  constraint fee_discounts_amount check (discount >= 0 and (type <> 'percentage' or discount <= 100)),
  constraint fee_discounts_parameter check (parameter <> '')
);
create index fee_discounts_active_by_parameter on fee_discounts (parameter) where active;
