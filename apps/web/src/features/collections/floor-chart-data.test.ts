// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHART_PERIOD_TABS, hasFloor, toChartPoints } from './floor-chart-data.ts';

describe('toChartPoints', () => {
  it('turns buckets into ascending UTC seconds with BTC values and gaps for empty buckets', () => {
    const points = toChartPoints([
      { timestamp: '2024-05-01T00:10:00.000Z', value: '150000' },
      { timestamp: '2024-05-01T00:00:00.000Z', value: '100000' },
      { timestamp: '2024-05-01T00:05:00.000Z', value: null },
    ]);
    expect(points).toEqual([
      { time: 1714521600, value: 0.001 },
      { time: 1714521900 },
      { time: 1714522200, value: 0.0015 },
    ]);
    expect(hasFloor(points)).toBe(true);
  });

  it('keeps one point per time and skips unreadable timestamps', () => {
    expect(
      toChartPoints([
        { timestamp: '2024-05-01T00:00:00.000Z', value: '1' },
        { timestamp: '2024-05-01T00:00:00.500Z', value: '2' },
        { timestamp: 'yesterday', value: '3' },
      ]),
    ).toEqual([{ time: 1714521600, value: 0.00000002 }]);
  });

  it('has no floor to draw when every bucket is empty', () => {
    expect(hasFloor(toChartPoints([{ timestamp: '2024-05-01T00:00:00Z', value: null }]))).toBe(
      false,
    );
  });
});

it('offers exactly the four periods of product.md#collections', () => {
  expect(CHART_PERIOD_TABS).toEqual([
    { period: '1 day', label: '1D' },
    { period: '7 days', label: '7D' },
    { period: '30 days', label: '30D' },
    { period: '6 months', label: '6M' },
  ]);
});
