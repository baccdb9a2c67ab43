import type { AuctionBidLayout, InputRole } from '@om/bitcoin';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
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
  Jsonb,
} from './column-types.ts';

// Kysely's view of the tables of one area: listings, trades, outside volume, auctions, bids.
// How values cross the driver: database.ts.

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

interface TradeHistoryTable {
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

interface ExternalVolumeDataTable {
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

/** The deposit's inputs as built, and the fee rate its signed PSBT may not exceed. */
export type AuctionDepositLayout = { inputs: InputRole[]; maxFeeRate: number };

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
  deposit_layout: ColumnType<AuctionDepositLayout | null, string | null | undefined, string | null>;
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

/** A bid's settlement inputs as built, and the fee rate its signed PSBT may not exceed. */
export type AuctionBidStoredLayout = AuctionBidLayout & { maxFeeRate: number };

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
  layout: ColumnType<AuctionBidStoredLayout, string, string>;
  reserved_coins: ColumnType<string[], string[] | undefined, string[]>;
  status: ColumnType<AuctionBidStatus, AuctionBidStatus | undefined, AuctionBidStatus>;
  invalid_reason: string | null;
  created_at: Timestamp;
  placed_at: TimestampNullable;
  updated_at: UpdatedAt;
}

/** 0012: the multisig coins a standing bid counts on, one row each. */
interface AuctionCoinReservationsTable {
  outpoint: string;
  bid_id: string;
  wallet_id: string;
  created_at: Timestamp;
}

export interface MarketTables {
  orderbook: OrderbookTable;
  trade_history: TradeHistoryTable;
  external_volume_data: ExternalVolumeDataTable;
  auctions: AuctionsTable;
  auction_bids: AuctionBidsTable;
  auction_coin_reservations: AuctionCoinReservationsTable;
}

export type TradeHistoryRow = Selectable<TradeHistoryTable>;
export type NewAuction = Insertable<AuctionsTable>;
