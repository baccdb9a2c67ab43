-- 0008_launchpad: the pre-inscribed launch of ADR 010 (ADR 010).
--
-- Every phase sells from the one pool of the launch's inscriptions, each signed at the phase's
-- price: the orderbook holds one row per inscription and phase (phase_id set), so "one active
-- order per inscription" now holds for market listings only, and an inscription is minted once.

drop index orderbook_one_active_per_inscription;
create unique index orderbook_one_active_per_inscription on orderbook (inscription_id)
  where status = 'active' and phase_id is null;
create unique index orderbook_one_row_per_phase_inscription on orderbook (phase_id, inscription_id)
  where phase_id is not null;
create unique index orderbook_minted_once on orderbook (inscription_id)
  where status = 'broadcast' and phase_id is not null;
-- The mint's pick: a phase's signed items not held by an unexpired reservation.
create index orderbook_phase_pick on orderbook (phase_id, index_in_maker_psbt)
  where phase_id is not null and status = 'active';

-- A batch is either the deposit that moves the launch's inscriptions into the creator's maker
-- wallet (signed whole, SIGHASH_ALL, and broadcast by confirm) or a phase's listing of up to 100
-- of them (each input SIGHASH_SINGLE|ANYONECANPAY at the phase price). Deposits sit in the first
-- phase, numbered before its listings. txid: the deposit's, fixed before signing (segwit).
-- inputs_to_sign: [{index, address, sighash?}]; layout: the builder's layout, kept to finalize.
alter table psbt_batches
  add column kind text not null default 'listing',
  add column txid text,
  add column inputs_to_sign jsonb not null default '[]',
  add column layout jsonb,
  add constraint psbt_batches_kind check (kind in ('deposit', 'listing')),
  add constraint psbt_batches_txid_format check (txid is null or txid ~ '^[0-9a-f]{64}$'),
  add constraint psbt_batches_deposit_txid check (kind <> 'deposit' or txid is not null);
create index psbt_batches_by_phase on psbt_batches (phase_id, batch_number);

-- A launch's inscriptions in the order the creator gave them, with where each sits once the
-- deposit moves it (the maker wallet output every phase's listing spends).
create table launch_inscriptions (
  launchpad_id uuid not null references launchpads (id) on delete cascade,
  position integer not null,
  inscription_id text not null references inscriptions (inscription_id) on delete restrict,
  source_outpoint text not null,
  outpoint text not null,
  output_value bigint not null,
  inscription_offset bigint not null default 0,
  -- Already in the maker wallet when the launch was created: no deposit moves it.
  in_maker_wallet boolean not null default false,
  primary key (launchpad_id, position),
  constraint launch_inscriptions_once unique (launchpad_id, inscription_id),
  constraint launch_inscriptions_outpoints check (
    source_outpoint ~ '^[0-9a-f]{64}:[0-9]+$' and outpoint ~ '^[0-9a-f]{64}:[0-9]+$'),
  constraint launch_inscriptions_value check (output_value > 0)
);

-- The launch of the worker's queue: the oldest initializing launch first.
create index launchpads_initializing on launchpads (created_at) where status = 'initializing';
-- Launch lists: visible launches by type, newest first.
create index launchpads_by_slug_status on launchpads (status, slug);

-- A mint offer is a purchase offer of launch items: the reserved orderbook rows are its
-- listing_ids, and its phase decides the rules it was built under.
alter table purchase_offers add column phase_id uuid references launchpad_phases (id) on delete cascade;
