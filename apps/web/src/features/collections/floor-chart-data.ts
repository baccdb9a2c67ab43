import { CHART_PERIODS, satsToBtcNumber, type ChartPeriod } from '@om/core';

/** A point as lightweight-charts takes it: UTC seconds, and no value where there was no floor. */
export type ChartPoint = { time: number; value?: number };

/**
 * The API's buckets as a line: seconds ascending, one point per time (the chart refuses
 * duplicates and disorder), a gap (whitespace point) where the bucket had no listing.
 */
export function toChartPoints(points: readonly { timestamp: string; value: string | null }[]) {
  const byTime = new Map<number, ChartPoint>();
  for (const point of points) {
    const ms = Date.parse(point.timestamp);
    if (Number.isNaN(ms)) continue;
    const time = Math.floor(ms / 1000);
    const value =
      point.value !== null && /^\d+$/.test(point.value)
        ? satsToBtcNumber(BigInt(point.value))
        : undefined;
    byTime.set(time, value === undefined ? { time } : { time, value });
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** True when the period had at least one floor to draw. */
export function hasFloor(points: readonly ChartPoint[]): boolean {
  return points.some((p) => p.value !== undefined);
}

export const DEFAULT_CHART_PERIOD: ChartPeriod = '1 day';

/** The tabs: product.md#market-screens periods with short labels. */
export const CHART_PERIOD_TABS: readonly { period: ChartPeriod; label: string }[] =
  CHART_PERIODS.map((period) => ({
    period,
    label: { '1 day': '1D', '7 days': '7D', '30 days': '30D', '6 months': '6M' }[period],
  }));
