import { describe, expect, it } from 'vitest';
import { formatBtc, formatIsoDateTime, formatSats, shortenHash } from './inscription-format.ts';

describe('inscription formatting', () => {
  it.each([
    ['0', '0.00000000 BTC', '0 sats'],
    ['546', '0.00000546 BTC', '546 sats'],
    ['10000', '0.00010000 BTC', '10,000 sats'],
    ['2100000000000000', '21000000.00000000 BTC', '2,100,000,000,000,000 sats'],
    ['12abc', '12abc', '12abc'],
  ])('%s sats → %s, %s', (sats, btc, satsText) => {
    expect(formatBtc(sats)).toBe(btc);
    expect(formatSats(sats)).toBe(satsText);
  });

  it('shortens a txid to both ends and leaves short values alone', () => {
    expect(shortenHash('1234567890abcdef'.repeat(4))).toBe('12345678…90abcdef');
    expect(shortenHash('short')).toBe('short');
  });

  it('shows a time that does not parse as it was sent', () => {
    expect(formatIsoDateTime('not a time')).toBe('not a time');
  });
});
