import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

// Kysely's view of the tables of one area: the spec's order records and their reward state.
// How values cross the driver: database.ts.

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

export interface OrderTables {
  orders: OrdersTable;
}
