import { describe, expect, it } from 'vitest';
import { formatSatsAsBtc, shortenAddress } from './format.ts';

describe('formatSatsAsBtc', () => {
  it.each([
    [0n, '0.00000000'],
    [1n, '0.00000001'],
    [546n, '0.00000546'],
    [100_000_000n, '1.00000000'],
    [2_100_000_000_000_000n, '21000000.00000000'],
    [-150_000_000n, '-1.50000000'],
  ])('%s sats → %s', (sats, text) => {
    expect(formatSatsAsBtc(sats)).toBe(text);
  });
});

describe('shortenAddress', () => {
  it('keeps the first six and last four characters', () => {
    expect(shortenAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe('bcrt1q…t080');
  });

  it('leaves short strings alone', () => {
    expect(shortenAddress('tb1qshort')).toBe('tb1qshort');
  });
});
