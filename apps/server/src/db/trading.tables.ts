import type { BuiltDelist, BuiltPaddingSetup, BuiltPurchase } from '@om/bitcoin';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type { Int8, Int8Default, Numeric, Timestamp, TimestampRequired } from './column-types.ts';

/** Kysely's view of the tables of migrations/0004_trading.sql. Change both together. */

/** jsonb: parsed on read, JSON text on write. */
type Json<T> = ColumnType<T, string, string>;
type JsonNullable<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface PurchaseOffersTable {
  /** The txid of the purchase's unsigned transaction. */
  txid: string;
  listing_ids: ColumnType<string[], string[], string[]>;
  /** Base64 PSBT as built (no seller signature in it). */
  psbt: string;
  /** The purchase's layout as built (packages/bitcoin). */
  layout: Json<BuiltPurchase['layout']>;
  fee_rate: Numeric;
  max_fee_rate: Numeric;
  platform_fee: Int8Default;
  network_fee: Int8;
  setup_txid: string | null;
  setup_psbt: string | null;
  setup_layout: JsonNullable<BuiltPaddingSetup['layout']>;
  taker_payment_address: string;
  taker_payment_public_key: string;
  taker_ordinal_address: string;
  transaction_id: string | null;
  /** 0008: a mint offer's phase; null for a market purchase. */
  phase_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  expires_at: TimestampRequired;
}

interface ListingDelistsTable {
  listing_id: string;
  psbt: string;
  /** The delisting's layout as built (packages/bitcoin). */
  layout: Json<BuiltDelist['layout']>;
  max_fee_rate: Numeric;
  fee: Int8;
  maker_payment_address: string;
  created_at: Timestamp;
  expires_at: TimestampRequired;
}

type FeeDiscountType = 'percentage' | 'fixed';

interface FeeDiscountsTable {
  id: GeneratedAlways<string>;
  type: FeeDiscountType;
  /** Percent (0-100) or sats. */
  discount: Numeric;
  /** A maker's address, or 'collection:{slug}'. */
  parameter: string;
  reason: Generated<string>;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: ColumnType<Date, never, never>;
}

export interface TradingTables {
  purchase_offers: PurchaseOffersTable;
  listing_delists: ListingDelistsTable;
  fee_discounts: FeeDiscountsTable;
}
