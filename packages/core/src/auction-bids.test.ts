import { describe, expect, it } from 'vitest';
import {
  AUCTION_ENDED,
  AUCTION_NOT_STARTED,
  auctionFloor,
  auctionTimingError,
  bidAmountError,
  bidIncrement,
  minimumBid,
  type AuctionPrices,
} from './auction-bids.ts';

describe('bidIncrement: max(5% rounded up, 1,000 sats)', () => {
  it.each<[bigint, bigint]>([
    [0n, 1_000n],
    [10_000n, 1_000n],
    [20_000n, 1_000n],
    [20_001n, 1_001n],
    [25_000n, 1_250n],
    [1_000_000n, 50_000n],
    [1_000_001n, 50_001n],
  ])('%s → %s', (highest, increment) => {
    expect(bidIncrement(highest)).toBe(increment);
  });
});

describe('minimumBid and bidAmountError', () => {
  const open: AuctionPrices = { startPrice: 20_000n };
  it.each<[string, AuctionPrices, bigint]>([
    ['no bid: the start price', open, 20_000n],
    ['no bid, a higher reserve: the reserve', { ...open, reservePrice: 50_000n }, 50_000n],
    ['no bid, a lower reserve: the start price', { ...open, reservePrice: 5_000n }, 20_000n],
    ['a highest bid: plus the increment', { ...open, highestBid: 25_000n }, 26_250n],
    ['a small highest bid: plus 1,000', { ...open, highestBid: 20_000n }, 21_000n],
    [
      'a highest bid under a reserve: the reserve',
      { ...open, reservePrice: 90_000n, highestBid: 25_000n },
      90_000n,
    ],
  ])('%s', (_, prices, minimum) => {
    expect(minimumBid(prices)).toBe(minimum);
  });

  it.each<[string, bigint, AuctionPrices, string | undefined]>([
    ['the start price', 20_000n, open, undefined],
    ['below the start price', 19_999n, open, 'The minimum bid is 20000 sats'],
    [
      'below the reserve',
      49_999n,
      { ...open, reservePrice: 50_000n },
      'The minimum bid is 50000 sats',
    ],
    ['the increment over the highest', 26_250n, { ...open, highestBid: 25_000n }, undefined],
    [
      'a sat short of the increment',
      26_249n,
      { ...open, highestBid: 25_000n },
      'A higher bid was placed: the minimum bid is now 26250 sats',
    ],
    [
      'the highest bid again',
      25_000n,
      { ...open, highestBid: 25_000n },
      'A higher bid was placed: the minimum bid is now 26250 sats',
    ],
  ])('%s → %s', (_, amount, prices, message) => {
    expect(bidAmountError(amount, prices)).toBe(message);
  });

  it('floors at the higher of start and reserve', () => {
    expect(auctionFloor({ startPrice: 100n, reservePrice: null })).toBe(100n);
    expect(auctionFloor({ startPrice: 100n, reservePrice: 0n })).toBe(100n);
    expect(auctionFloor({ startPrice: 100n, reservePrice: 101n })).toBe(101n);
  });
});

describe('auctionTimingError: bids in [start, end)', () => {
  it.each<[number, string | undefined]>([
    [999, AUCTION_NOT_STARTED],
    [1_000, undefined],
    [4_599, undefined],
    [4_600, AUCTION_ENDED],
  ])('at %s → %s', (now, message) => {
    expect(auctionTimingError(now, 1_000, 4_600)).toBe(message);
  });
});
