/**
 * Kysely's view of the tables of migrations/0001_init.sql. Change both together.
 *
 * How values cross the driver, the same on node-postgres and on PGlite:
 * - int8 (bigint: sats, UTC seconds, identity keys) reads as a decimal string. node-postgres
 *   returns int8 as text; PGlite needs an int8 parser that returns the text (its default is a
 *   lossy number), passed in the options object: `new PGlite({ dataDir, parsers })`, because
 *   `new PGlite(undefined, options)` ignores its options. Writes take a string or a bigint.
 *   Turn it into `bigint` at the store boundary.
 * - numeric (fee rates in sat/vB, token amounts beyond int8) reads as a string on both; writes take
 *   a string or a number.
 * - timestamptz reads as a Date; writes take a Date or an ISO 8601 string. Phase start_date and
 *   end_date are not timestamps but UTC seconds (int8), as spec 000 §3 has them.
 * - jsonb reads as parsed JSON; write JSON text (`JSON.stringify(value)`): node-postgres would send
 *   a JavaScript array as a PostgreSQL array literal.
 * - updated_at is set by a trigger; it is not written by application code.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ChainTables } from '../indexer/indexer.tables.ts';
import type {
  Int8,
  Int8Default,
  Int8Nullable,
  Int8Identity,
  NumericNullable,
  Numeric,
  Timestamp,
  TimestampRequired,
  TimestampNullable,
  UpdatedAt,
  JsonValue,
  Jsonb,
} from './column-types.ts';
import type { Brc20Tables } from './brc20.tables.ts';
import type { ClaimTables } from './claims.tables.ts';
import type { SwapTables } from './swap.tables.ts';
import type { MultisigTables } from './multisig.tables.ts';
import type { TradingTables } from './trading.tables.ts';

// ── Accounts ────────────────────────────────────────────────────────────────────────────────

export interface UsersTable {
  id: Generated<string>;
  address: string;
  public_key: string;
  created_at: Timestamp;
  last_sign_in_at: Timestamp;
}

/** 0013: a user's connected X account (ADR 013); tokens are sealed ciphertexts, never answered. */
export interface XAccountsTable {
  user_id: string;
  x_user_id: string;
  username: string;
  name: string;
  access_token: string;
  refresh_token: string | null;
  access_token_expires_at: TimestampNullable;
  scope: Generated<string>;
  connected_at: Timestamp;
  profile_read_at: Timestamp;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

/** 0013: an X sign-in under way: single use, 10 minutes. */
export interface XOAuthStatesTable {
  state: string;
  user_id: string;
  code_verifier: string;
  created_at: Timestamp;
  expires_at: TimestampRequired;
  used_at: TimestampNullable;
}

export interface AuthChallengesTable {
  id: Generated<string>;
  address: string;
  message: string;
  nonce: string;
  created_at: Timestamp;
  expires_at: TimestampRequired;
  used_at: TimestampNullable;
}

/** metadata.name is the profile's display name (spec 001 §3 Profile). */
export interface ProfileMetadata {
  name?: string;
  [key: string]: JsonValue | undefined;
}

export interface ProfilesTable {
  user_id: string;
  username: string | null;
  is_artist: Generated<boolean>;
  metadata: Jsonb<ProfileMetadata>;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

export interface AddressesTable {
  id: Int8Identity;
  address: string;
  user_id: string | null;
  created_at: Timestamp;
}

// ── Catalogue ───────────────────────────────────────────────────────────────────────────────

export interface CollectionsTable {
  id: Int8Identity;
  slug: string;
  name: string;
  description: string | null;
  icon: string | null;
  banner_image: string | null;
  inscription_icon: string | null;
  discord_link: string | null;
  telegram_link: string | null;
  twitter_link: string | null;
  instagram_link: string | null;
  website_link: string | null;
  creator_name: string | null;
  creator_email: string | null;
  creator_btc_address: string | null;
  creator_user_id: string | null;
  category: string | null;
  is_tradable: Generated<boolean>;
  is_under_review: Generated<boolean>;
  is_zero_fee: Generated<boolean>;
  display_grafana: Generated<boolean>;
  extra_metadata: Jsonb;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

export interface InscriptionsTable {
  inscription_id: string;
  collection_id: Int8Nullable;
  name: string | null;
  file_type: string | null;
  high_res_img_url: string | null;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

export interface AttributesTable {
  inscription_id: string;
  collection_id: Int8;
  category: string;
  value: string;
  value_type: Generated<string>;
}

// ── Launchpad ───────────────────────────────────────────────────────────────────────────────

export type LaunchpadStatus =
  'initializing' | 'pending_psbt_signature' | 'pending' | 'active' | 'failed' | 'canceled';
export type LaunchpadType = 'psbt' | 'editions';

/** launchpads.meta_data (spec 001 §3: presold_inscriptions, total_sold_override; spec 000: hide_progress). */
export interface LaunchpadMetaData {
  presold_inscriptions?: number;
  total_sold_override?: number;
  hide_progress?: boolean;
  [key: string]: JsonValue | undefined;
}

export interface LaunchpadsTable {
  id: Generated<string>;
  slug: string;
  collection_id: Int8;
  status: ColumnType<LaunchpadStatus, LaunchpadStatus | undefined, LaunchpadStatus>;
  launchpad_type: LaunchpadType;
  total_inscriptions: Generated<number>;
  remaining_inscriptions: Generated<number>;
  reserved_inscriptions: Generated<number>;
  number_of_editions: number | null;
  remaining_editions: number | null;
  edition_inscription_id: string | null;
  edition_signature: string | null;
  meta_data: Jsonb<LaunchpadMetaData>;
  maker_payment_address: string;
  maker_payment_public_key: string | null;
  maker_ordinal_address: string | null;
  maker_ordinal_public_key: string | null;
  failed_reason: string | null;
  creator_user_id: string | null;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

export type PhaseStatus = 'pending' | 'signed' | 'active';

export interface LaunchpadPhasesTable {
  id: Generated<string>;
  launchpad_id: string;
  name: string;
  phase_number: number;
  /** UTC seconds. */
  start_date: Int8;
  /** UTC seconds; null: the phase never ends. */
  end_date: Int8Nullable;
  status: ColumnType<PhaseStatus, PhaseStatus | undefined, PhaseStatus>;
  total_inscriptions: Generated<number>;
  remaining_inscriptions: Generated<number>;
  is_public: Generated<boolean>;
  /** Sats. */
  price: Int8;
  /** Per-address allowance shared by the allow list; null on public phases (unlimited). */
  allocation: number | null;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

export interface PhaseAllowListEntriesTable {
  phase_id: string;
  address: string;
  allocation: Generated<number>;
}

export type PsbtBatchStatus = 'pending' | 'signed' | 'invalidated';

export interface PsbtBatchesTable {
  id: Generated<string>;
  phase_id: string;
  batch_number: number;
  inscription_count: number;
  status: ColumnType<PsbtBatchStatus, PsbtBatchStatus | undefined, PsbtBatchStatus>;
  psbt: string;
  signed_psbt: string | null;
  signed_at: TimestampNullable;
  /** 0008: a deposit into the maker wallet, or a phase's listing of up to 100 inscriptions. */
  kind: ColumnType<PsbtBatchKind, PsbtBatchKind | undefined, PsbtBatchKind>;
  /** The deposit's txid (fixed before signing); null for a listing. */
  txid: string | null;
  inputs_to_sign: Jsonb<BatchInputToSign[]>;
  /** The deposit builder's layout (JSON), kept to finalize what the creator signs. */
  layout: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

export type PsbtBatchKind = 'deposit' | 'listing';
export type BatchInputToSign = { index: number; address: string; sighash?: number };

/** 0008: a launch's inscriptions in the creator's order, and the maker wallet output each sits at. */
export interface LaunchInscriptionsTable {
  launchpad_id: string;
  position: number;
  inscription_id: string;
  source_outpoint: string;
  outpoint: string;
  output_value: Int8;
  inscription_offset: Int8Default;
  in_maker_wallet: Generated<boolean>;
}

/**
 * 0009, 0021: the terms of an edition order, fixed when it is made (ADR 011). Its state, charge
 * address, amount, commit, reveal and refund are its inscription-service order's (inscribe_orders,
 * order_type 'edition', the same id).
 */
/** A reveal output, sats as a decimal string (jsonb). */
export type EditionRevealOutput = { address: string; value: string };

export interface EditionOrdersTable {
  id: string;
  launchpad_id: string;
  user_id: string;
  mint_count: number;
  taker_ordinal_address: string;
  taker_payment_address: string;
  unit_price: Int8;
  platform_fee: Int8Default;
  /** The reveal's fee. */
  network_fee: Int8;
  max_fee_rate: Numeric;
  reveal_outputs: ColumnType<EditionRevealOutput[], string, string>;
  psbt: string;
  layout: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

// ── Market ──────────────────────────────────────────────────────────────────────────────────

export type OrderbookStatus = 'pending' | 'active' | 'broadcast' | 'canceled' | 'exposed';

export interface OrderbookTable {
  id: Generated<string>;
  inscription_id: string;
  collection_id: Int8Nullable;
  phase_id: string | null;
  psbt_batch_id: string | null;
  index_in_maker_psbt: number | null;
  status: ColumnType<OrderbookStatus, OrderbookStatus | undefined, OrderbookStatus>;
  /** Sats. */
  price: Int8;
  /** txid:vout of the inscription's UTXO when listed. */
  outpoint: string;
  /** Sats in that UTXO. */
  output_value: Int8;
  maker_fee: Int8Default;
  taker_fee: Int8Default;
  maker_payment_address: string;
  maker_payment_public_key: string | null;
  maker_ordinal_address: string;
  maker_ordinal_public_key: string | null;
  taker_payment_address: string | null;
  taker_ordinal_address: string | null;
  psbt: string | null;
  /** Carries the maker's signature: never sent to a buyer. */
  signed_psbt: string | null;
  transaction_id: string | null;
  is_snipe_protected: Generated<boolean>;
  /** A market listing's input and output in psbt and signed_psbt (0004_trading). */
  psbt_index: number | null;
  /** Offset of the inscription's sat in the listed UTXO. */
  inscription_offset: Int8Default;
  /** A snipe-protected listing's maker-wallet witness script, hex (0007_multisig). */
  witness_script: string | null;
  /**
   * A launch listing's own seller witness, hex items (0010_listing_witness): U's 0x83 signature.
   * Carries the maker's signature: never sent to a buyer.
   */
  maker_witness: string[] | null;
  reserved_until: TimestampNullable;
  listed_at: TimestampNullable;
  closed_at: TimestampNullable;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

export type TradeStatus = 'initiated' | 'mempool' | 'confirmed' | 'canceled' | 'sniped';

export interface TradeHistoryTable {
  id: Int8Identity;
  order_id: string;
  transaction_id: string | null;
  inscription_id: string;
  /** Sats. */
  price: Int8;
  trade_status: ColumnType<TradeStatus, TradeStatus | undefined, TradeStatus>;
  finalized: Generated<boolean>;
  maker_address: string;
  taker_address: string;
  /** sat/vB. */
  fee_rate: NumericNullable;
  thumbnail_url: string | null;
  inscription_name: string | null;
  collection_slug: string | null;
  /** sat/vB of the transaction that sniped this one. */
  sniper_fee_rate: NumericNullable;
  /** The transaction that sniped this one (0004_trading). */
  sniper_transaction_id: string | null;
  is_snipe_protected: Generated<boolean>;
  block_height: number | null;
  created_at: Timestamp;
  updated_at: UpdatedAt;
}

export interface ExternalVolumeDataTable {
  id: Int8Identity;
  collection_id: Int8;
  source: string;
  period_start: TimestampRequired;
  period_end: TimestampRequired;
  /** Sats. */
  volume: Int8Default;
  sales_count: Generated<number>;
  /** Sats. */
  floor_price: Int8Nullable;
  recorded_at: Timestamp;
}

export type AuctionStatus =
  | 'pending_signature'
  | 'pending'
  | 'active'
  | 'settled'
  | 'unsold'
  | 'canceled'
  | 'failed'
  | 'withdrawn';

export interface AuctionsTable {
  id: Generated<string>;
  slug: string;
  inscription_id: string;
  collection_id: Int8Nullable;
  status: ColumnType<AuctionStatus, AuctionStatus | undefined, AuctionStatus>;
  /** txid:vout holding the inscription. */
  utxo: string;
  utxo_value: Int8Nullable;
  /** Sats. */
  start_price: Int8;
  /** Sats. */
  reserve_price: Int8Nullable;
  start_date: TimestampRequired;
  end_date: TimestampRequired;
  maker_payment_address: string;
  maker_payment_public_key: string | null;
  maker_ordinal_address: string;
  maker_ordinal_public_key: string | null;
  psbt: string | null;
  signed_psbt: string | null;
  maker_ordinal_input_indices: ColumnType<number[], number[] | undefined, number[]>;
  maker_payment_input_indices: ColumnType<number[], number[] | undefined, number[]>;
  meta: Jsonb;
  creator_user_id: string | null;
  created_at: Timestamp;
  updated_at: UpdatedAt;
  /** 0012: the seller's maker wallet, the deposit into it and the pre-signed floor (ADR 012). */
  maker_wallet_id: string | null;
  deposit_txid: string | null;
  maker_wallet_outpoint: string | null;
  inscription_offset: Int8Default;
  deposit_layout: ColumnType<unknown, string | null | undefined, string | null>;
  floor_price: Int8Nullable;
  floor_fee: Int8Nullable;
  settlement_psbt: string | null;
  /** U's 0x83 signature, hex: never leaves the server. */
  settlement_signature: string | null;
  settlement_txid: string | null;
  settled_at: TimestampNullable;
}

/** 0012: a bid is its settlement transaction, signed by the bidder (ADR 012). */
export type AuctionBidStatus = 'pending_signature' | 'standing' | 'outbid' | 'won' | 'invalid';

export interface AuctionBidsTable {
  id: Generated<string>;
  auction_id: string;
  bidder_user_id: string;
  bidder_wallet_id: string;
  bidder_ordinal_address: string;
  /** Sats. */
  amount: Int8;
  fee_rate: Numeric;
  max_fee_rate: Numeric;
  network_fee: Int8;
  txid: string;
  psbt: string;
  signed_psbt: string | null;
  layout: ColumnType<unknown, string, string>;
  reserved_coins: ColumnType<string[], string[] | undefined, string[]>;
  status: ColumnType<AuctionBidStatus, AuctionBidStatus | undefined, AuctionBidStatus>;
  invalid_reason: string | null;
  created_at: Timestamp;
  placed_at: TimestampNullable;
  updated_at: UpdatedAt;
}

/** 0012: the multisig coins a standing bid counts on, one row each. */
export interface AuctionCoinReservationsTable {
  outpoint: string;
  bid_id: string;
  wallet_id: string;
  created_at: Timestamp;
}

// ── Document-store records ──────────────────────────────────────────────────────────────────

export type OrderType =
  'BuyListing' | 'ListInscription' | 'PreinscribeMint' | 'EditionsMint' | 'AuctionBid' | 'generic';
export type RewardState = 'pending' | 'rewarded' | 'ineligible';

export interface OrdersTable {
  id: Generated<string>;
  order_id: string;
  source: string;
  type: OrderType;
  user_id: string;
  address: string;
  date: Timestamp;
  reward_state: ColumnType<RewardState, RewardState | undefined, RewardState>;
  count: Generated<number>;
  txid: string | null;
  inscription_id: string | null;
  auction_id: string | null;
  psbt: string | null;
}

export interface NotificationsTable {
  id: Generated<string>;
  /** 0028: the wallet address it is sent to (ADR 018). */
  address: string;
  /** 'global' or the product's name. */
  app: Generated<string>;
  title: string;
  body: Generated<string>;
  read: Generated<boolean>;
  timestamp: Timestamp;
  /** 0027: what produced it, its details (sats, link), a per-user dedupe key, a reorg's mark. */
  type: Generated<string>;
  payload: Jsonb;
  dedupe_key: string | null;
  retracted: Generated<boolean>;
}

/** 0029: the platform's global notifications, copied to each wallet when it reads (ADR 018). */
export interface AnnouncementsTable {
  id: string;
  app: Generated<string>;
  title: string;
  body: Generated<string>;
  link: string | null;
  created_at: Timestamp;
}

/** 0028: the types a wallet does not want as a live pop-up (its list always has them). */
export interface NotificationMutesTable {
  address: string;
  type: string;
}

/** 0030: a reviewer's decision on a submitted launch, edition, auction or collection (ADR 019). */
export interface ReviewDecisionsTable {
  kind: 'launch' | 'edition' | 'auction' | 'collection';
  subject_id: string;
  decision: 'approved' | 'rejected';
  reason: string | null;
  reviewer_address: string;
  decided_at: Timestamp;
}

export type PoolType = 'proportionate' | 'n-winners' | 'winner-takes-all';

export interface PoolsTable {
  id: Generated<string>;
  type: PoolType;
  title: string;
  img: string | null;
  /** null: not set (the spec's -1). */
  start_block: number | null;
  /** null: open ended (the spec's -1). */
  end_block: number | null;
  winner_count: number | null;
  total_points_allocated: Int8Default;
  enabled: Generated<boolean>;
  /** The spec's "order". */
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: UpdatedAt;
  /** 0033: the draw's secret (never sent before the draw), its sha256 and the draw block. */
  seed: string | null;
  seed_hash: string | null;
  draw_block: number | null;
  /** XP a ticket costs. */
  ticket_price: Int8Nullable;
  total_tickets: Int8Default;
}

export type PoolRewardType = 'btc' | 'rune' | 'brc-20' | 'inscription';

export interface PoolRewardsTable {
  id: Int8Identity;
  pool_id: string;
  type: PoolRewardType;
  asset: string | null;
  /** In the asset's own units: sats for btc, 1 for an inscription. */
  amount: Numeric;
  name: string | null;
  /** Sats. */
  estimated_value: Int8Nullable;
}

/** 0033: one row per winner and reward, amount in the reward's units. */
export interface PoolWinnersTable {
  pool_id: string;
  reward_index: number;
  address: string;
  amount: Numeric;
}

/** 0033: the published inputs of a pool's draw. */
export interface PoolDrawsTable {
  pool_id: string;
  height: number;
  block_hash: string;
  entries_hash: string;
  drawn_at: Timestamp;
}

export interface PointAllocationsTable {
  id: Int8Identity;
  pool_id: string;
  user_id: string | null;
  address: string;
  points: Int8;
  created_at: Timestamp;
}

export interface TicketsTable {
  id: Int8Identity;
  pool_id: string;
  user_id: string | null;
  address: string;
  count: number;
  created_at: Timestamp;
}

/** 0001, keyed by address in 0034: what a pool or a mining cycle pays an address, once (key). */
export interface RewardsTable {
  id: Generated<string>;
  user_id: string | null;
  address: string;
  date: Timestamp;
  /** 'pool', 'mining' (or 'task'). */
  type: string;
  pool_id: string | null;
  reward_index: number | null;
  cycle: number | null;
  asset: string | null;
  amount: NumericNullable;
  txid: string | null;
  status: ColumnType<RewardStatus, RewardStatus | undefined, RewardStatus>;
  /** pool:<pool>:<index>:<address> or mining:<cycle>:<address>. */
  key: string;
}

export type RewardStatus = 'pending' | 'sent' | 'confirmed';

/** 0034: a closed mining cycle; fees + carried_in = paid + carried_out (sats). */
export interface MiningCyclesTable {
  cycle: number;
  start_height: number;
  end_height: number;
  fees: Int8;
  carried_in: Int8;
  carried_out: Int8;
  paid: Int8;
  txid: string | null;
  state: 'paid' | 'carried';
  closed_at: Timestamp;
}

/** 0032: XP per wallet address, an append-only ledger computed from the chain (ADR 020). */
export interface XpLedgerTable {
  id: Int8Identity;
  address: string;
  delta: Int8;
  reason: string;
  /** 'hold': the period's first and last block, and whose balance it was. */
  from_height: number | null;
  height: number | null;
  pkscript: string | null;
  txid: string | null;
  key: string;
  created_at: Timestamp;
}

/** 0032: each holder's open period: its balance since a block (ADR 020). */
export interface XpHoldingsTable {
  pkscript: string;
  address: string;
  units: Numeric;
  since_height: number;
}

/** 0032: the BRC-20 blocks XP was accrued for, with their hash (a reorg replaces them). */
export interface XpBlocksTable {
  height: number;
  hash: string;
  changed: number;
  accrued_at: Timestamp;
}

export interface Database
  extends ChainTables, TradingTables, MultisigTables, ClaimTables, Brc20Tables, SwapTables {
  users: UsersTable;
  x_accounts: XAccountsTable;
  x_oauth_states: XOAuthStatesTable;
  auth_challenges: AuthChallengesTable;
  profiles: ProfilesTable;
  addresses: AddressesTable;
  collections: CollectionsTable;
  inscriptions: InscriptionsTable;
  attributes: AttributesTable;
  launchpads: LaunchpadsTable;
  launchpad_phases: LaunchpadPhasesTable;
  phase_allow_list_entries: PhaseAllowListEntriesTable;
  psbt_batches: PsbtBatchesTable;
  launch_inscriptions: LaunchInscriptionsTable;
  edition_orders: EditionOrdersTable;
  orderbook: OrderbookTable;
  trade_history: TradeHistoryTable;
  external_volume_data: ExternalVolumeDataTable;
  auctions: AuctionsTable;
  auction_bids: AuctionBidsTable;
  auction_coin_reservations: AuctionCoinReservationsTable;
  orders: OrdersTable;
  notifications: NotificationsTable;
  notification_mutes: NotificationMutesTable;
  announcements: AnnouncementsTable;
  review_decisions: ReviewDecisionsTable;
  pools: PoolsTable;
  pool_rewards: PoolRewardsTable;
  pool_winners: PoolWinnersTable;
  pool_draws: PoolDrawsTable;
  point_allocations: PointAllocationsTable;
  tickets: TicketsTable;
  rewards: RewardsTable;
  mining_cycles: MiningCyclesTable;
  xp_ledger: XpLedgerTable;
  xp_blocks: XpBlocksTable;
  xp_holdings: XpHoldingsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AuthChallenge = Selectable<AuthChallengesTable>;
export type NewAuthChallenge = Insertable<AuthChallengesTable>;
export type Profile = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
export type Address = Selectable<AddressesTable>;
export type NewAddress = Insertable<AddressesTable>;

export type Collection = Selectable<CollectionsTable>;
export type NewCollection = Insertable<CollectionsTable>;
export type CollectionUpdate = Updateable<CollectionsTable>;
export type Inscription = Selectable<InscriptionsTable>;
export type NewInscription = Insertable<InscriptionsTable>;
export type InscriptionUpdate = Updateable<InscriptionsTable>;
export type Attribute = Selectable<AttributesTable>;
export type NewAttribute = Insertable<AttributesTable>;

export type Launchpad = Selectable<LaunchpadsTable>;
export type NewLaunchpad = Insertable<LaunchpadsTable>;
export type LaunchpadUpdate = Updateable<LaunchpadsTable>;
export type LaunchpadPhase = Selectable<LaunchpadPhasesTable>;
export type NewLaunchpadPhase = Insertable<LaunchpadPhasesTable>;
export type LaunchpadPhaseUpdate = Updateable<LaunchpadPhasesTable>;
export type PhaseAllowListEntry = Selectable<PhaseAllowListEntriesTable>;
export type NewPhaseAllowListEntry = Insertable<PhaseAllowListEntriesTable>;
export type PsbtBatch = Selectable<PsbtBatchesTable>;
export type NewPsbtBatch = Insertable<PsbtBatchesTable>;
export type PsbtBatchUpdate = Updateable<PsbtBatchesTable>;
export type EditionOrderRow = Selectable<EditionOrdersTable>;
export type NewEditionOrder = Insertable<EditionOrdersTable>;

export type OrderbookEntry = Selectable<OrderbookTable>;
export type NewOrderbookEntry = Insertable<OrderbookTable>;
export type OrderbookEntryUpdate = Updateable<OrderbookTable>;
export type TradeHistoryRow = Selectable<TradeHistoryTable>;
export type NewTradeHistoryRow = Insertable<TradeHistoryTable>;
export type TradeHistoryUpdate = Updateable<TradeHistoryTable>;
export type ExternalVolumeData = Selectable<ExternalVolumeDataTable>;
export type NewExternalVolumeData = Insertable<ExternalVolumeDataTable>;
export type Auction = Selectable<AuctionsTable>;
export type NewAuction = Insertable<AuctionsTable>;
export type AuctionUpdate = Updateable<AuctionsTable>;

export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderUpdate = Updateable<OrdersTable>;
export type Notification = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type NotificationUpdate = Updateable<NotificationsTable>;
export type Pool = Selectable<PoolsTable>;
export type NewPool = Insertable<PoolsTable>;
export type PoolUpdate = Updateable<PoolsTable>;
export type PoolReward = Selectable<PoolRewardsTable>;
export type NewPoolReward = Insertable<PoolRewardsTable>;
export type PoolWinner = Selectable<PoolWinnersTable>;
export type NewPoolWinner = Insertable<PoolWinnersTable>;
export type PointAllocation = Selectable<PointAllocationsTable>;
export type NewPointAllocation = Insertable<PointAllocationsTable>;
export type Ticket = Selectable<TicketsTable>;
export type NewTicket = Insertable<TicketsTable>;
export type Reward = Selectable<RewardsTable>;
export type NewReward = Insertable<RewardsTable>;
