import { describe, it, expect } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatXp,
  fromUnixSeconds,
} from './display-format.ts';

describe('formatXp', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [12_345, '12,345'],
    [99_999, '99,999'],
    [100_000, '100K'],
    [123_456, '123.45K'],
    [999_999, '999.99K'],
    [1_000_000, '1M'],
    [1_150_000, '1.15M'],
    [1_250_000, '1.25M'],
    [2_500_000_000, '2.5B'],
    [3_000_000_000_000, '3T'],
    [-150_000, '-150K'],
    [-5_000, '-5,000'],
    [12_345.9, '12,345'],
  ])('%s → %s', (xp, text) => {
    expect(formatXp(xp)).toBe(text);
  });
});

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [1_000, '1,000'],
    [1_234_567, '1,234,567'],
  ])('%s → %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe('date formats', () => {
  it.each([
    [new Date(2024, 0, 5, 13, 7), '2024-01-05 01:07 PM', '05/01/2024'],
    [new Date(2023, 11, 31, 0, 0), '2023-12-31 12:00 AM', '31/12/2023'],
    [new Date(2025, 5, 9, 11, 59), '2025-06-09 11:59 AM', '09/06/2025'],
  ])('%s', (date, dateTime, dateOnly) => {
    expect(formatDateTime(date)).toBe(dateTime);
    expect(formatDate(date)).toBe(dateOnly);
  });

  it('reads server seconds', () => {
    expect(fromUnixSeconds(1_700_000_000).getTime()).toBe(1_700_000_000_000);
  });
});
