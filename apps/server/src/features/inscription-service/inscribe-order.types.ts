import type { InscribeOrderState } from '@om/core';
import type { InscribeOrderType, RefundReason } from '../../db/inscribe.tables.ts';

// The records inscribe-orders.queries.ts answers, apart so that the notices' reads
// (inscribe-notifications.queries.ts) name them without importing the queries that notify.

/** An inscription service order (ADR 016): amounts in sats, the fee rate in sat/vB. */
export interface InscribeOrder {
  id: string;
  state: InscribeOrderState;
  orderType: InscribeOrderType;
  receiveAddress: string;
  refundAddress: string | null;
  feeRate: number;
  fileCount: number;
  brc20Tick: string | null;
  /** A BRC-20 mint's amount per inscription, as the buyer wrote it. */
  brc20Amt: string | null;
  chargeAddress: string;
  amount: bigint;
  chainFee: bigint;
  serviceFee: bigint;
  postage: bigint;
  commitVsize: number;
  revealVsize: number;
  paymentTxid: string | null;
  commitTxid: string | null;
  /** An edition order's one reveal, once journalled. */
  revealTxid: string | null;
  changeAmount: bigint | null;
  refundReason: RefundReason | null;
  refundTxid: string | null;
  refundAmount: bigint | null;
  error: string | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** A file of a direct order; `body` is empty unless asked for. */
export interface InscribeFile {
  orderId: string;
  idx: number;
  name: string;
  contentType: string;
  body: Uint8Array;
  revealTxid: string | null;
}
