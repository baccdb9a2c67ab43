import type { TradeStatus } from '../db/market.tables.ts';

/** What the trade tracker moves a trade to, and what its sides are told about. */
export type TradeChange = {
  status: TradeStatus;
  finalized: boolean;
  blockHeight: number | null;
  sniperTransactionId?: string | null;
  /** sat/vB; undefined leaves the stored rate. */
  sniperFeeRate?: number | null;
};
