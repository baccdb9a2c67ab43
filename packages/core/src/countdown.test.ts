import { describe, it, expect } from 'vitest';
import { countdownParts, countdownUntil, formatDuration } from './countdown.ts';

const DAY = 86_400;

describe('countdownParts', () => {
  it.each([
    [0, { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [-50, { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [59.9, { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 59 }],
    [3_661, { years: 0, months: 0, days: 0, hours: 1, minutes: 1, seconds: 1 }],
    [29 * DAY, { years: 0, months: 0, days: 29, hours: 0, minutes: 0, seconds: 0 }],
    [30 * DAY, { years: 0, months: 1, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [364 * DAY, { years: 0, months: 12, days: 4, hours: 0, minutes: 0, seconds: 0 }],
    [365 * DAY, { years: 1, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    [400 * DAY + 5, { years: 1, months: 1, days: 5, hours: 0, minutes: 0, seconds: 5 }],
  ])('%s s', (seconds, parts) => {
    expect(countdownParts(seconds)).toEqual(parts);
  });

  it('counts down to a target from an injected now', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const target = new Date('2025-01-02T02:03:04Z');
    expect(countdownUntil(target, now)).toMatchObject({
      days: 1,
      hours: 2,
      minutes: 3,
      seconds: 4,
    });
    expect(countdownUntil(now, target).seconds).toBe(0);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, 2, '0s'],
    [45, 2, '45s'],
    [600, 2, '10m'],
    [90_061, 2, '1d 1h'],
    [90_061, 4, '1d 1h 1m 1s'],
    [400 * DAY, 2, '1y 1mo'],
    [7 * DAY + 30, 2, '7d 30s'],
  ])('%s s with %s units → %s', (seconds, maxUnits, text) => {
    expect(formatDuration(seconds, maxUnits)).toBe(text);
  });
});
