import { sub, type Duration } from 'date-fns';
import { INVALID_CHART_PERIOD } from './messages.ts';

// product.md#market-screens, #constants-and-limits: the floor price chart accepts 1 day, 7 days,
// 30 days and 6 months, with buckets of 5 minutes, 1 hour, 1 day and 1 week (PostgreSQL interval
// strings, as passed to get_continuous_floor_prices).
export const CHART_PERIODS = ['1 day', '7 days', '30 days', '6 months'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export const CHART_BUCKETS: Record<ChartPeriod, string> = {
  '1 day': '5 minutes',
  '7 days': '1 hour',
  '30 days': '1 day',
  '6 months': '1 week',
};

const PERIOD_DURATIONS: Record<ChartPeriod, Duration> = {
  '1 day': { days: 1 },
  '7 days': { days: 7 },
  '30 days': { days: 30 },
  '6 months': { months: 6 },
};

export function isChartPeriod(value: string): value is ChartPeriod {
  return (CHART_PERIODS as readonly string[]).includes(value);
}

export class InvalidChartPeriodError extends Error {
  constructor() {
    super(INVALID_CHART_PERIOD);
    this.name = 'InvalidChartPeriodError';
  }
}

/** The bucket for a period; any other period throws 'Invalid time period for ...'. */
export function chartBucket(period: string): string {
  if (!isChartPeriod(period)) throw new InvalidChartPeriodError();
  return CHART_BUCKETS[period];
}

/** The query of the chart: bucket interval and the start date of the window. */
export function chartQuery(period: string, now: Date = new Date()) {
  if (!isChartPeriod(period)) throw new InvalidChartPeriodError();
  return {
    bucket_interval: CHART_BUCKETS[period],
    start_date: sub(now, PERIOD_DURATIONS[period]),
  };
}

/** The same check as a result, for forms and route validation. */
export function chartPeriodError(period: string): string | undefined {
  return isChartPeriod(period) ? undefined : INVALID_CHART_PERIOD;
}
