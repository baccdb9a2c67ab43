import {
  TRADE_ACTIVITY_DEFAULT_WINDOW,
  TRADE_ACTIVITY_INFINITE_WINDOW,
  tradeState,
  type TradeActivity,
  type TradeState,
} from '@om/core';

/**
 * A trade as the activity table shows it: its product.md#states-and-transitions state, never a
 * canceled one.
 */
export type ActivityRow = TradeActivity & { status: TradeState };

/** Canceled (and unknown) trades are ignored; the others carry their state. */
export function visibleActivity(trades: readonly TradeActivity[]): ActivityRow[] {
  return trades.flatMap((trade) => {
    const status = tradeState({ trade_status: trade.state, finalized: trade.finalized });
    return status === null ? [] : [{ ...trade, status }];
  });
}

export const TRADE_STATUS_LABELS: Record<TradeState, string> = {
  pending: 'Pending',
  'pending-sniped': 'Pending (sniped)',
  'completed-sniped': 'Completed (sniped)',
  completed: 'Completed',
};

/**
 * The window selector: the last day, week or month as one list of up to 100 trades, or all of
 * them ('10 years') as an endless list in pages of 20 (product.md#constants-and-limits).
 */
export const ACTIVITY_WINDOWS = [
  {
    value: '1d',
    label: 'Last 24 hours',
    interval: TRADE_ACTIVITY_DEFAULT_WINDOW,
    isInfinite: false,
  },
  { value: '7d', label: 'Last 7 days', interval: '7 days', isInfinite: false },
  { value: '30d', label: 'Last 30 days', interval: '30 days', isInfinite: false },
  { value: 'all', label: 'All time', interval: TRADE_ACTIVITY_INFINITE_WINDOW, isInfinite: true },
] as const;
export type ActivityWindow = (typeof ACTIVITY_WINDOWS)[number];
export type ActivityWindowValue = ActivityWindow['value'];

/** The window a URL value names; anything else is the default, the last day. */
export function activityWindow(value: string | null): ActivityWindow {
  return ACTIVITY_WINDOWS.find((w) => w.value === value) ?? ACTIVITY_WINDOWS[0];
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** '5 minutes ago', '3 days ago'; under a minute 'just now' (a clock ahead of ours too). */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seconds = Math.floor((now.getTime() - at) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
