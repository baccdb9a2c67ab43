import { NO_TRANSACTION_FOUND } from './messages.ts';

// product.md#states-and-transitions: trade status mapping.
export type TradeState = 'pending' | 'pending-sniped' | 'completed-sniped' | 'completed';

/**
 * initiated or mempool → pending; sniped → pending-sniped until finalized, then
 * completed-sniped; confirmed → completed. Canceled (and unknown) trades are ignored: null.
 */
export function tradeState(trade: {
  trade_status: string;
  finalized?: boolean | null;
}): TradeState | null {
  switch (trade.trade_status) {
    case 'initiated':
    case 'mempool':
      return 'pending';
    case 'sniped':
      return trade.finalized ? 'completed-sniped' : 'pending-sniped';
    case 'confirmed':
      return 'completed';
    default:
      return null;
  }
}

/** Trades still worth polling: those not yet completed. */
export function isTradePending(state: TradeState | null): boolean {
  return state === 'pending' || state === 'pending-sniped';
}

// product.md#states-and-transitions, #records: confirmations = tip height minus the transaction's
// block height, 1 if they are equal, 0 if unconfirmed.
export function confirmations(
  tipHeight: number | null | undefined,
  blockHeight: number | null | undefined,
): number {
  if (blockHeight === null || blockHeight === undefined) return 0;
  if (tipHeight === null || tipHeight === undefined) return 0;
  if (tipHeight === blockHeight) return 1;
  return Math.max(0, tipHeight - blockHeight);
}

export type TrackedTx = { status: { confirmed: boolean; block_height?: number | null } };

export type TxDisplay =
  | { kind: 'not-found'; text: string }
  | { kind: 'pending'; confirmations: number; text: string }
  | { kind: 'confirmed'; confirmations: number; text: string };

export const confirmationsText = (n: number) => `${n} confirmation${n === 1 ? '' : 's'}`;
export const CONFIRMED_TEXT = 'Confirmed';

/**
 * The transaction view: nothing found, then found with N confirmations (pending), then
 * confirmed once it has `required` confirmations (one by default: mined).
 */
export function txDisplayState(
  tx: TrackedTx | null | undefined,
  tipHeight: number | null | undefined,
  required = 1,
): TxDisplay {
  if (!tx) return { kind: 'not-found', text: NO_TRANSACTION_FOUND };
  const n = tx.status.confirmed ? confirmations(tipHeight, tx.status.block_height) : 0;
  if (tx.status.confirmed && n >= required)
    return { kind: 'confirmed', confirmations: n, text: CONFIRMED_TEXT };
  return { kind: 'pending', confirmations: n, text: confirmationsText(n) };
}
