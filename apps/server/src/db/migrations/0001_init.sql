-- 0001_init: every table the spec names, and the spec's document-store collections as tables.
-- Runs unchanged on PostgreSQL 15+ and on PGlite (PostgreSQL 17), with no extensions.
-- The migration runner wraps this file in a transaction, so it has no BEGIN or COMMIT of its own.
--
-- Conventions:
--   sats (prices, amounts, fees, values) are bigint, never floating point;
--   fee rates (sat/vB, fractional) and token amounts (beyond int8) are exact numeric;
--   times are timestamptz, except launch phase start_date/end_date: UTC seconds as bigint (product.md#records);
--   enums are text with a CHECK; an inscription_id is always ord's text id '<txid>i<n>';
--   updated_at is kept by the set_updated_at trigger (../functions/set_updated_at.sql), not by
--   application code.

-- ── Accounts ────────────────────────────────────────────────────────────────────────────────

-- users: one per wallet address, created at sign-in (product.md#roles "signed-in user").
-- The X account link comes from the social sign-in of product.md#roles, #market-overview.
create table users (
  id uuid primary key default gen_random_uuid(),
  address text not null unique,
  public_key text not null,
  x_user_id text unique,
  x_username text,
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz not null default now()
);

-- auth_challenges: single-use, expiring sign-in messages for the Bitcoin sign-in.
create table auth_challenges (
  id uuid primary key default gen_random_uuid(),
  address text not null,
  message text not null,
  nonce text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  constraint auth_challenges_expiry check (expires_at > created_at)
);
create index auth_challenges_live_by_address on auth_challenges (address, created_at desc)
  where used_at is null;
create index auth_challenges_expires_at on auth_challenges (expires_at);

-- profiles: a user's public profile (product.md#records Profile: isArtist, username,
-- metadata.name). Artists are profiles with is_artist and a non-empty username (product.md#roles).
create table profiles (
  user_id uuid primary key references users (id) on delete cascade,
  username text,
  is_artist boolean not null default false,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index profiles_username_unique on profiles (lower(username))
  where username is not null and username <> '';
create index profiles_artists on profiles (lower(username)) where is_artist and username <> '';

-- addresses: Bitcoin addresses the market knows (product.md#records Address: id, address),
-- linked to a user when the address belongs to a signed-in wallet (payment or ordinals).
create table addresses (
  id bigint generated always as identity primary key,
  address text not null unique,
  user_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index addresses_user_id on addresses (user_id);

-- ── Catalogue ───────────────────────────────────────────────────────────────────────────────

-- collections: off-chain collection metadata (product.md#records Collection; product.md#records
-- Collection information). New collections start under review and not tradable
-- (product.md#launch-types).
create table collections (
  id bigint generated always as identity primary key,
  slug text not null unique,
  name text not null,
  description text,
  icon text,
  banner_image text,
  inscription_icon text,
  discord_link text,
  telegram_link text,
  twitter_link text,
  instagram_link text,
  website_link text,
  creator_name text,
  creator_email text,
  creator_btc_address text,
  creator_user_id uuid references users (id) on delete set null,
  category text,
  is_tradable boolean not null default false,
  is_under_review boolean not null default true,
  is_zero_fee boolean not null default false,
  display_grafana boolean not null default false,
  extra_metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint collections_slug_format check (slug ~ '^[a-z0-9_-]+$')
);
create index collections_name_lower on collections (lower(name));
create index collections_category on collections (category) where category is not null;
create index collections_creator_user_id on collections (creator_user_id);

-- inscriptions: the market's catalogue of inscriptions (product.md#records Inscription:
-- inscription_id, name, file_type, collection_id). Chain facts (number, location, content) belong
-- to the indexer's own tables, keyed by the same inscription_id; the indexer never deletes rows
-- here on a reorg.
create table inscriptions (
  inscription_id text primary key,
  collection_id bigint references collections (id) on delete set null,
  name text,
  file_type text,
  high_res_img_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inscriptions_id_format check (inscription_id ~ '^[0-9a-f]{64}i[0-9]+$'),
  -- Pages a collection's inscriptions in id order, and is the target of attributes' composite key.
  constraint inscriptions_collection_inscription unique (collection_id, inscription_id)
);

-- attributes: the traits of a collection's inscriptions (product.md#records Inscription attributes:
-- value, value_type, category name; product.md#records meta.attributes trait_type and value).
-- collection_id copies the inscription's collection so trait filters and counts are one index
-- scan; the composite foreign key keeps it equal (a move cascades). Take an inscription out of
-- its collection by deleting its attributes first.
create table attributes (
  inscription_id text not null,
  collection_id bigint not null,
  category text not null,
  value text not null,
  value_type text not null default 'string',
  primary key (inscription_id, category, value),
  constraint attributes_inscription_fk foreign key (inscription_id, collection_id)
    references inscriptions (inscription_id, collection_id) on update cascade on delete cascade
);
create index attributes_by_collection_trait on attributes (collection_id, category, value, inscription_id);

-- ── Launchpad ───────────────────────────────────────────────────────────────────────────────

-- launchpads: a launch of a collection, pre-inscribed ('psbt') or editions (product.md#records
-- Launchpad; product.md#records Launchpad request and Edition payload; statuses
-- product.md#states-and-transitions, #market-screens). initializing → pending_psbt_signature →
-- pending (in review) → active; failed with failed_reason; canceled when abandoned or removed.
-- Live, SoldOut, ComingSoon and Ended are derived from the phases and counters, never stored.
-- meta_data holds presold_inscriptions, total_sold_override and hide_progress. An editions launch
-- keeps its price and dates in a single phase.
create table launchpads (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  collection_id bigint not null references collections (id) on delete restrict,
  status text not null default 'initializing',
  launchpad_type text not null,
  total_inscriptions integer not null default 0,
  remaining_inscriptions integer not null default 0,
  reserved_inscriptions integer not null default 0,
  number_of_editions integer,
  remaining_editions integer,
  edition_inscription_id text references inscriptions (inscription_id) on delete restrict,
  edition_signature text,
  meta_data jsonb not null default '{}',
  maker_payment_address text not null,
  maker_payment_public_key text,
  maker_ordinal_address text,
  maker_ordinal_public_key text,
  failed_reason text,
  creator_user_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint launchpads_slug_format check (slug ~ '^[a-z0-9_-]+$'),
  constraint launchpads_status check (status in
    ('initializing', 'pending_psbt_signature', 'pending', 'active', 'failed', 'canceled')),
  constraint launchpads_type check (launchpad_type in ('psbt', 'editions')),
  constraint launchpads_inscription_counts check (
    total_inscriptions >= 0
    and remaining_inscriptions between 0 and total_inscriptions
    and reserved_inscriptions >= 0),
  constraint launchpads_edition_counts check (
    number_of_editions is null or (number_of_editions >= 1
      and remaining_editions between 0 and number_of_editions)),
  constraint launchpads_editions_fields check (
    launchpad_type <> 'editions'
    or (edition_inscription_id is not null and number_of_editions is not null))
);
create index launchpads_lists on launchpads (status, launchpad_type, created_at desc);
create index launchpads_collection_id on launchpads (collection_id);
create index launchpads_creator_user_id on launchpads (creator_user_id);

-- launchpad_phases: the mint phases of a launch (product.md#records Launchpad phase;
-- product.md#records Phase (server)). start_date and end_date are UTC seconds; a null end_date
-- never ends. allocation is the per-address allowance when every allow-listed address shares one;
-- null on public phases (unlimited). Phase status: pending until its PSBT batches are signed, then
-- signed or active.
create table launchpad_phases (
  id uuid primary key default gen_random_uuid(),
  launchpad_id uuid not null references launchpads (id) on delete cascade,
  name text not null,
  phase_number integer not null,
  start_date bigint not null,
  end_date bigint,
  status text not null default 'pending',
  total_inscriptions integer not null default 0,
  remaining_inscriptions integer not null default 0,
  is_public boolean not null default false,
  price bigint not null,
  allocation integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint launchpad_phases_number unique (launchpad_id, phase_number),
  constraint launchpad_phases_number_min check (phase_number >= 0),
  constraint launchpad_phases_dates check (start_date >= 0 and (end_date is null or end_date > start_date)),
  constraint launchpad_phases_status check (status in ('pending', 'signed', 'active')),
  constraint launchpad_phases_counts check (
    total_inscriptions >= 0 and remaining_inscriptions between 0 and total_inscriptions),
  constraint launchpad_phases_price check (price >= 0),
  constraint launchpad_phases_allocation check (allocation is null or allocation >= 1)
);

-- phase_allow_list_entries: a non-public phase's allow list, one address with its allocation per row
-- (product.md#records Phase allowList 'address' or 'address,allocation'; product.md#validation
-- duplicates keep the higher).
create table phase_allow_list_entries (
  phase_id uuid not null references launchpad_phases (id) on delete cascade,
  address text not null,
  allocation integer not null default 1,
  primary key (phase_id, address),
  constraint phase_allow_list_entries_allocation check (allocation >= 1)
);
create index phase_allow_list_entries_address on phase_allow_list_entries (address);

-- psbt_batches: the batch PSBTs of a phase the creator signs (product.md#records psbts: id, status,
-- phase_id, batch_number, inscription_count; product.md#creator-calls get-psbt/confirm by psbt id).
-- invalidated: replaced by a new batch (a price change or a moved inscription needs re-signing).
create table psbt_batches (
  id uuid primary key default gen_random_uuid(),
  phase_id uuid not null references launchpad_phases (id) on delete cascade,
  batch_number integer not null,
  inscription_count integer not null,
  status text not null default 'pending',
  psbt text not null,
  signed_psbt text,
  signed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint psbt_batches_number unique (phase_id, batch_number),
  constraint psbt_batches_number_min check (batch_number >= 0),
  constraint psbt_batches_count check (inscription_count >= 1),
  constraint psbt_batches_status check (status in ('pending', 'signed', 'invalidated')),
  constraint psbt_batches_signed check (status <> 'signed' or signed_psbt is not null)
);

-- ── Market ──────────────────────────────────────────────────────────────────────────────────

-- orderbook: every sell order: marketplace listings (phase_id null) and launch inventory (phase_id
-- set, each item an input/output pair at index_in_maker_psbt of a batch PSBT). product.md#records
-- Order book entry (status, phase_id) and Listing (listingId = id, outpoint, price, maker/taker,
-- isSnipeProtected); product.md#validation remaining = total minus entries 'broadcast' or
-- 'canceled'. pending: built, awaiting the maker's signature; active: signed and for sale;
-- broadcast: the purchase or mint is on the network; canceled: delisted, invalidated or abandoned.
-- A taker's offer holds an item until reserved_until; listed_at/closed_at bound its time on sale
-- (the continuous floor price). collection_id is the collection when listed (floor per collection).
-- signed_psbt carries the maker's signature and is never sent to a buyer.
create table orderbook (
  id uuid primary key default gen_random_uuid(),
  inscription_id text not null references inscriptions (inscription_id) on delete restrict,
  collection_id bigint references collections (id) on delete set null,
  phase_id uuid references launchpad_phases (id) on delete restrict,
  psbt_batch_id uuid references psbt_batches (id) on delete restrict,
  index_in_maker_psbt integer,
  status text not null default 'pending',
  price bigint not null,
  outpoint text not null,
  output_value bigint not null,
  maker_fee bigint not null default 0,
  taker_fee bigint not null default 0,
  maker_payment_address text not null,
  maker_payment_public_key text,
  maker_ordinal_address text not null,
  maker_ordinal_public_key text,
  taker_payment_address text,
  taker_ordinal_address text,
  psbt text,
  signed_psbt text,
  transaction_id text,
  is_snipe_protected boolean not null default false,
  reserved_until timestamptz,
  listed_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orderbook_status check (status in ('pending', 'active', 'broadcast', 'canceled')),
  constraint orderbook_amounts check (price >= 0 and output_value > 0 and maker_fee >= 0 and taker_fee >= 0),
  constraint orderbook_outpoint_format check (outpoint ~ '^[0-9a-f]{64}:[0-9]+$'),
  constraint orderbook_transaction_id_format check (transaction_id is null or transaction_id ~ '^[0-9a-f]{64}$'),
  constraint orderbook_batch_position check (
    (psbt_batch_id is null) = (index_in_maker_psbt is null)
    and (psbt_batch_id is null or phase_id is not null)
    and (index_in_maker_psbt is null or index_in_maker_psbt >= 0)),
  constraint orderbook_batch_position_unique unique (psbt_batch_id, index_in_maker_psbt)
);
-- An inscription is for sale at most once at a time.
create unique index orderbook_one_active_per_inscription on orderbook (inscription_id) where status = 'active';
-- get_orderbook_by_inscription_id.
create index orderbook_by_inscription on orderbook (inscription_id, created_at desc);
-- Floor price, price filters and price sort of a collection's listed inscriptions.
create index orderbook_listed_by_collection_price on orderbook (collection_id, price)
  where status = 'active' and phase_id is null;
-- Floor price over time (get_continuous_floor_prices): listings by the time they went on sale.
create index orderbook_listing_periods on orderbook (collection_id, listed_at) include (price, closed_at)
  where phase_id is null and listed_at is not null;
-- Remaining and reserved inventory of a phase, and what one address already minted in it.
create index orderbook_by_phase_status on orderbook (phase_id, status) where phase_id is not null;
create index orderbook_by_phase_taker on orderbook (phase_id, taker_ordinal_address)
  where phase_id is not null and taker_ordinal_address is not null;
-- A seller's own listings.
create index orderbook_by_maker on orderbook (maker_ordinal_address, status);
-- Matching transactions the indexer sees to the orders they settle.
create index orderbook_by_transaction on orderbook (transaction_id) where transaction_id is not null;

-- trade_history: one row per purchase or mint attempt of an order (product.md#records Trade
-- history, product.md#states-and-transitions trade status mapping, product.md#market-calls
-- get_trade_history_by_order_id, fetch_activity, realtime by order ids). Self-contained on purpose
-- (inscription_name, collection_slug, thumbnail_url are copies), so it has no foreign keys and
-- outlives the orders it records; order_id is an orderbook id, or the order id of an edition mint.
-- block_height is set when the transaction confirms.
create table trade_history (
  id bigint generated always as identity primary key,
  order_id uuid not null,
  transaction_id text,
  inscription_id text not null,
  price bigint not null,
  trade_status text not null default 'initiated',
  finalized boolean not null default false,
  maker_address text not null,
  taker_address text not null,
  fee_rate numeric(12, 3),
  thumbnail_url text,
  inscription_name text,
  collection_slug text,
  sniper_fee_rate numeric(12, 3),
  is_snipe_protected boolean not null default false,
  block_height integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint trade_history_status check (trade_status in ('initiated', 'mempool', 'confirmed', 'canceled', 'sniped')),
  constraint trade_history_price check (price >= 0),
  constraint trade_history_fee_rates check (fee_rate >= 0 and sniper_fee_rate >= 0),
  constraint trade_history_inscription_id_format check (inscription_id ~ '^[0-9a-f]{64}i[0-9]+$'),
  constraint trade_history_transaction_id_format check (transaction_id ~ '^[0-9a-f]{64}$'),
  -- One row per order and transaction; also serves lookups by order id.
  constraint trade_history_order_transaction unique (order_id, transaction_id)
);
-- Activity and floor over time of a collection (fetch_activity, get_continuous_floor_prices).
create index trade_history_by_collection on trade_history (collection_slug, created_at desc)
  include (price, trade_status);
-- Activity of an address, as seller or as buyer (get_orders_activity_by_address).
create index trade_history_by_maker on trade_history (maker_address, created_at desc);
create index trade_history_by_taker on trade_history (taker_address, created_at desc);
-- An inscription's activity.
create index trade_history_by_inscription on trade_history (inscription_id, created_at desc);
-- Activity across all collections.
create index trade_history_recent on trade_history (created_at desc);
-- The finalizer: transactions seen by the indexer, and trades still being tracked.
create index trade_history_by_transaction on trade_history (transaction_id) where transaction_id is not null;
create index trade_history_unfinalized on trade_history (created_at) where not finalized;

-- external_volume_data: a collection's volume on other marketplaces per period, for the stats
-- (product.md#market-calls data queries). source names the marketplace.
create table external_volume_data (
  id bigint generated always as identity primary key,
  collection_id bigint not null references collections (id) on delete cascade,
  source text not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  volume bigint not null default 0,
  sales_count integer not null default 0,
  floor_price bigint,
  recorded_at timestamptz not null default now(),
  constraint external_volume_data_period unique (collection_id, source, period_start, period_end),
  constraint external_volume_data_period_order check (period_end > period_start),
  constraint external_volume_data_amounts check (volume >= 0 and sales_count >= 0 and floor_price >= 0)
);
create index external_volume_data_by_collection_time on external_volume_data (collection_id, period_start);

-- auctions: an auction of one inscription the maker owns (product.md#records Auction: slug and the
-- original maker utxo; product.md#records Auction form and request, auction_id = id, psbtBase64 =
-- psbt). pending_signature → pending (in review) → active → settled, or unsold when the reserve is
-- not met; canceled; failed. Bids come with the launchpad issue's own migration.
create table auctions (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique,
  inscription_id text not null references inscriptions (inscription_id) on delete restrict,
  collection_id bigint references collections (id) on delete set null,
  status text not null default 'pending_signature',
  utxo text not null,
  utxo_value bigint,
  start_price bigint not null,
  reserve_price bigint,
  start_date timestamptz not null,
  end_date timestamptz not null,
  maker_payment_address text not null,
  maker_payment_public_key text,
  maker_ordinal_address text not null,
  maker_ordinal_public_key text,
  psbt text,
  signed_psbt text,
  maker_ordinal_input_indices integer[] not null default '{}',
  maker_payment_input_indices integer[] not null default '{}',
  meta jsonb not null default '{}',
  creator_user_id uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint auctions_slug_format check (slug ~ '^[a-z0-9_-]+$'),
  constraint auctions_status check (status in
    ('pending_signature', 'pending', 'active', 'settled', 'unsold', 'canceled', 'failed')),
  constraint auctions_utxo_format check (utxo ~ '^[0-9a-f]{64}:[0-9]+$'),
  constraint auctions_prices check (start_price > 0 and reserve_price >= 0 and utxo_value > 0),
  constraint auctions_dates check (end_date > start_date)
);
-- At most one open auction per inscription.
create unique index auctions_one_open_per_inscription on auctions (inscription_id)
  where status in ('pending_signature', 'pending', 'active');
-- Lists by status, and the settlement worker (active auctions by end).
create index auctions_by_status_end on auctions (status, end_date);
create index auctions_collection_id on auctions (collection_id);
create index auctions_creator_user_id on auctions (creator_user_id);

-- ── Document-store records (product.md#records, #market-calls "document store")
-- ───────────────────────────

-- orders: the order records a signed-in user writes after each action (product.md#records Order
-- records: source, type, orderId, address, date, rewardState, userId, count, txid, inscriptionId,
-- auctionId, psbt). order_id is the action's own id (listing, mint order, bid), so a retry cannot
-- duplicate. reward_state: pending until the rewards job has counted the order.
create table orders (
  id uuid primary key default gen_random_uuid(),
  order_id text not null,
  source text not null,
  type text not null,
  user_id uuid not null references users (id) on delete cascade,
  address text not null,
  date timestamptz not null default now(),
  reward_state text not null default 'pending',
  count integer not null default 1,
  txid text,
  inscription_id text,
  auction_id uuid references auctions (id) on delete set null,
  psbt text,
  constraint orders_type check (type in
    ('BuyListing', 'ListInscription', 'PreinscribeMint', 'EditionsMint', 'AuctionBid', 'generic')),
  constraint orders_reward_state check (reward_state in ('pending', 'rewarded', 'ineligible')),
  constraint orders_count check (count >= 1),
  constraint orders_per_user_unique unique (user_id, type, order_id)
);
create index orders_by_user_date on orders (user_id, date desc);
create index orders_by_address_date on orders (address, date desc);
create index orders_reward_pending on orders (date) where reward_state = 'pending';
create index orders_auction_id on orders (auction_id) where auction_id is not null;

-- notifications: a user's notifications (product.md#records Notification: read, timestamp, app;
-- users/{uid}/notifications/{id}; product.md#states-and-transitions mark read and unread;
-- product.md#constants-and-limits page 10, unread count capped at 100). app is 'global' or the
-- product's configured name, so it has no fixed list.
create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  app text not null default 'global',
  title text not null,
  body text not null default '',
  read boolean not null default false,
  timestamp timestamptz not null default now(),
  constraint notifications_app check (app <> '')
);
create index notifications_by_user on notifications (user_id, timestamp desc);
create index notifications_unread_by_user on notifications (user_id, timestamp desc) where not read;

-- pools: reward pools (product.md#records Pool, product.md#states-and-transitions pool state). A
-- null start_block or end_block is the document store's -1 (not started yet / open ended).
-- sort_order is the spec's "order" (a reserved word). winner_count is the n of an n-winners pool.
create table pools (
  id uuid primary key default gen_random_uuid(),
  type text not null,
  title text not null,
  img text,
  start_block integer,
  end_block integer,
  winner_count integer,
  total_points_allocated bigint not null default 0,
  enabled boolean not null default false,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint pools_type check (type in ('proportionate', 'n-winners', 'winner-takes-all')),
  constraint pools_blocks check (start_block >= 0 and end_block >= 0 and end_block >= start_block),
  constraint pools_winner_count check (winner_count >= 1),
  constraint pools_points check (total_points_allocated >= 0)
);
create index pools_enabled_order on pools (sort_order) where enabled;

-- pool_rewards: what a pool pays out (product.md#records Pool rewards: type, asset, amount, name,
-- estimatedValue). amount is in the asset's own units (sats for btc, 1 for an inscription), exact
-- numeric because rune amounts exceed int8; estimated_value is in sats.
create table pool_rewards (
  id bigint generated always as identity primary key,
  pool_id uuid not null references pools (id) on delete cascade,
  type text not null,
  asset text,
  amount numeric not null,
  name text,
  estimated_value bigint,
  constraint pool_rewards_type check (type in ('btc', 'rune', 'brc-20', 'inscription')),
  constraint pool_rewards_asset check (type = 'btc' or asset is not null),
  constraint pool_rewards_amounts check (amount > 0 and estimated_value >= 0)
);
create index pool_rewards_pool_id on pool_rewards (pool_id);

-- pool_winners: the winning addresses of a drawn pool (product.md#records Pool winners;
-- product.md#states-and-transitions a user wins when their default address is among them).
-- pool_reward_id names the reward won, when one.
create table pool_winners (
  pool_id uuid not null references pools (id) on delete cascade,
  address text not null,
  user_id uuid references users (id) on delete set null,
  pool_reward_id bigint references pool_rewards (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (pool_id, address)
);
create index pool_winners_address on pool_winners (address);

-- point_allocations: XP a user allocated to a proportionate pool (product.md#market-overview,
-- #validation proportionate payout = amount × user's points / total points; product.md#market-calls
-- realtime pointAllocations).
create table point_allocations (
  id bigint generated always as identity primary key,
  pool_id uuid not null references pools (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  address text not null,
  points bigint not null,
  created_at timestamptz not null default now(),
  constraint point_allocations_points check (points > 0)
);
create index point_allocations_by_pool_user on point_allocations (pool_id, user_id);
create index point_allocations_by_user on point_allocations (user_id, created_at desc);

-- tickets: tickets a user bought in an n-winners or winner-takes-all pool (product.md#errors 'You
-- just bought {n} tickets for {title}'; product.md#market-calls realtime tickets).
create table tickets (
  id bigint generated always as identity primary key,
  pool_id uuid not null references pools (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  address text not null,
  count integer not null,
  created_at timestamptz not null default now(),
  constraint tickets_count check (count >= 1)
);
create index tickets_by_pool_user on tickets (pool_id, user_id);
create index tickets_by_user on tickets (user_id, created_at desc);

-- rewards: a user's reward records (product.md#records Reward record: userId, date, type;
-- product.md#market-calls by user, date descending, paged 10). type is open (mining, pool, task,
-- ...).
create table rewards (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  date timestamptz not null default now(),
  type text not null,
  pool_id uuid references pools (id) on delete set null,
  asset text,
  amount numeric,
  txid text,
  constraint rewards_type check (type <> ''),
  constraint rewards_amount check (amount > 0)
);
create index rewards_by_user_date on rewards (user_id, date desc, id);
