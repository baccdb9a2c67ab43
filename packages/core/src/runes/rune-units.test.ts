import { describe, expect, it } from 'vitest';
import { formatRuneUnits, parseRuneUnits } from './rune-units.ts';

const U128_MAX = 340282366920938463463374607431768211455n;

describe('formatRuneUnits', () => {
  it.each([
    [1250n, 2, '12.5'],
    [1200n, 2, '12'],
    [5n, 3, '0.005'],
    [0n, 2, '0'],
    [0n, 0, '0'],
    [42n, 0, '42'],
    [10005n, 1, '1000.5'],
    [U128_MAX, 0, '340282366920938463463374607431768211455'],
    [U128_MAX, 38, '3.40282366920938463463374607431768211455'],
  ])('%s base units at divisibility %i is %s', (amount, divisibility, text) => {
    expect(formatRuneUnits(amount, divisibility)).toBe(text);
  });
});

describe('parseRuneUnits', () => {
  it.each([
    ['12.5', 2, 1250n],
    ['12', 2, 1200n],
    ['0.05', 2, 5n],
    [' 7 ', 0, 7n],
    ['007.10', 2, 710n],
    ['3.40282366920938463463374607431768211455', 38, U128_MAX],
    ['340282366920938463463374607431768211455', 0, U128_MAX],
  ])('%s at divisibility %i is %s base units', (text, divisibility, baseUnits) => {
    expect(parseRuneUnits(text, divisibility)).toEqual({ baseUnits });
  });

  it.each([
    ['', 2, 'empty', 'Enter an amount.'],
    ['  ', 2, 'empty', 'Enter an amount.'],
    ['abc', 2, 'not-a-number', 'Enter a whole or decimal amount, such as 12.5.'],
    ['1e3', 2, 'not-a-number', 'Enter a whole or decimal amount, such as 12.5.'],
    ['-1', 2, 'not-a-number', 'Enter a whole or decimal amount, such as 12.5.'],
    ['1,000', 2, 'not-a-number', 'Enter a whole or decimal amount, such as 12.5.'],
    ['.5', 2, 'not-a-number', 'Enter a whole or decimal amount, such as 12.5.'],
    ['5.', 2, 'not-a-number', 'Enter a whole or decimal amount, such as 12.5.'],
    [
      '1.234',
      2,
      'too-many-decimals',
      'This rune has 2 decimals: enter at most 2 digits after the point.',
    ],
    [
      '1.50',
      1,
      'too-many-decimals',
      'This rune has 1 decimal: enter at most 1 digit after the point.',
    ],
    ['1.5', 0, 'too-many-decimals', 'This rune has no decimals: enter a whole amount.'],
    ['0', 2, 'zero', 'Enter an amount above 0.'],
    ['0.00', 2, 'zero', 'Enter an amount above 0.'],
    [
      '340282366920938463463374607431768211456',
      0,
      'too-large',
      'That amount is above what a rune can hold.',
    ],
  ])('refuses %j at divisibility %i (%s)', (text, divisibility, problem, message) => {
    expect(parseRuneUnits(text, divisibility)).toEqual({ problem, message });
  });

  it('reads back what it printed, to the last base unit', () => {
    for (const [amount, divisibility] of [
      [1n, 38],
      [123456789n, 4],
      [U128_MAX, 17],
    ] as const) {
      expect(parseRuneUnits(formatRuneUnits(amount, divisibility), divisibility)).toEqual({
        baseUnits: amount,
      });
    }
  });
});
