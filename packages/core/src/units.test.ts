import { describe, it, expect } from 'vitest';
import { btcToSats, parseBtcToSats, satsToBtc, satsToBtcNumber, SatsSchema } from './units.ts';

describe('parseBtcToSats', () => {
  it.each([
    ['1', 100_000_000n],
    ['0.00000001', 1n],
    ['0.00001', 1_000n],
    ['21000000', 2_100_000_000_000_000n],
    [' 1.5 ', 150_000_000n],
    ['.5', 50_000_000n],
    ['5.', 500_000_000n],
    ['-0.1', -10_000_000n],
    ['1e-8', 1n],
    ['1.2e3', 120_000_000_000n],
    ['0.100000000', 10_000_000n],
    [0.1 + 0.2, 30_000_000n],
    [0.00001, 1_000n],
    [1e-7, 10n],
    [1.005, 100_500_000n],
  ])('%s → %s sats', (input, sats) => {
    expect(parseBtcToSats(input)).toBe(sats);
  });

  it.each([
    [''],
    ['abc'],
    ['1.000000001'],
    ['1e-9'],
    ['1,5'],
    ['.'],
    ['--1'],
    [Number.NaN],
    [Infinity],
  ])('%s is not an amount', (input) => {
    expect(parseBtcToSats(input)).toBeUndefined();
  });

  it('btcToSats throws for invalid input', () => {
    expect(() => btcToSats('x')).toThrow('Not a BTC amount: x');
    expect(btcToSats('0.00000546')).toBe(546n);
  });
});

describe('satsToBtc', () => {
  it.each([
    [0n, '0.00000000'],
    [1n, '0.00000001'],
    [546n, '0.00000546'],
    [100_000_000n, '1.00000000'],
    [123_456_789n, '1.23456789'],
    [-150_000_000n, '-1.50000000'],
  ])('%s sats → %s', (sats, text) => {
    expect(satsToBtc(sats)).toBe(text);
  });

  it('converts to a number for form defaults', () => {
    expect(satsToBtcNumber(1_000n)).toBe(0.00001);
  });
});

describe('SatsSchema', () => {
  it.each([
    ['10000', 10_000n],
    [546, 546n],
  ])('%s → %s', (input, sats) => {
    expect(SatsSchema.parse(input)).toBe(sats);
  });

  it.each([['1.5'], [-1], ['abc'], [1.5]])('%s is rejected', (input) => {
    expect(SatsSchema.safeParse(input).error?.issues[0]?.message).toBe(
      'Amount must be a whole number of sats.',
    );
  });
});
