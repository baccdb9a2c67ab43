import { describe, it, expect } from 'vitest';
import {
  chartBucket,
  chartPeriodError,
  chartQuery,
  InvalidChartPeriodError,
} from './floor-chart.ts';

const INVALID = 'Invalid time period for collection floor price chart';

describe('floor chart periods', () => {
  it.each([
    ['1 day', '5 minutes'],
    ['7 days', '1 hour'],
    ['30 days', '1 day'],
    ['6 months', '1 week'],
  ])('%s → %s buckets', (period, bucket) => {
    expect(chartBucket(period)).toBe(bucket);
    expect(chartPeriodError(period)).toBeUndefined();
  });

  it.each([['1 year'], ['24 hours'], [''], ['1 Day']])('%j is rejected', (period) => {
    expect(() => chartBucket(period)).toThrow(InvalidChartPeriodError);
    expect(() => chartBucket(period)).toThrow(INVALID);
    expect(chartPeriodError(period)).toBe(INVALID);
  });

  it.each([
    ['1 day', new Date(2025, 5, 14, 12, 0)],
    ['7 days', new Date(2025, 5, 8, 12, 0)],
    ['30 days', new Date(2025, 4, 16, 12, 0)],
    ['6 months', new Date(2024, 11, 15, 12, 0)],
  ])('%s window starts at %s', (period, start) => {
    expect(chartQuery(period, new Date(2025, 5, 15, 12, 0)).start_date).toEqual(start);
  });
});
