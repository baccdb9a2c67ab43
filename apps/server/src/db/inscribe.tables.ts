import type { ColumnType, Generated } from 'kysely';
import type { InscribeOrderState } from '@om/core';
import type { Timestamp } from './column-types.ts';

/** Kysely's view of migrations/0020_inscribe_orders.sql (and 0021: editions). int8 and numeric read as strings. */

type Sats = ColumnType<string, string | bigint, string | bigint>;
type SatsNullable = ColumnType<
  string | null,
  string | bigint | null | undefined,
  string | bigint | null
>;
/** 'edition': an edition order (0021), its terms in edition_orders. */
export type InscribeOrderType = 'direct' | 'brc20' | 'edition';
/** Why an order is refunded: paid too little, or paid after it expired. */
export type RefundReason = 'underpaid' | 'expired';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface InscribeOrdersTable {
  id: string;
  state: ColumnType<InscribeOrderState, InscribeOrderState | undefined, InscribeOrderState>;
  order_type: InscribeOrderType;
  receive_address: string;
  refund_address: Nullable<string>;
  fee_rate: ColumnType<string, number | string, number | string>;
  file_count: number;
  brc20_tick: Nullable<string>;
  brc20_amt: Nullable<string>;
  charge_address: string;
  amount: Sats;
  chain_fee: Sats;
  service_fee: Sats;
  postage: Sats;
  commit_vsize: number;
  reveal_vsize: number;
  payment_txid: Nullable<string>;
  commit_txid: Nullable<string>;
  /** 0021: an edition order's one reveal, once journalled. */
  reveal_txid: Nullable<string>;
  change_amount: SatsNullable;
  refund_reason: Nullable<RefundReason>;
  refund_txid: Nullable<string>;
  refund_amount: SatsNullable;
  error: Nullable<string>;
  expires_at: Timestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

interface InscribeOrderFilesTable {
  order_id: string;
  idx: number;
  name: string;
  content_type: string;
  body: Uint8Array;
  reveal_txid: Nullable<string>;
}

// A type, not an interface: Kysely's withTables wants an index signature.
export type InscribeTables = {
  inscribe_orders: InscribeOrdersTable;
  inscribe_order_files: InscribeOrderFilesTable;
};
