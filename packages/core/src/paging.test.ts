import { describe, it, expect } from 'vitest';
import {
  batchRanges,
  cappedUnreadCount,
  hasNextPage,
  isShownNotificationApp,
  MarketplacePaginationSchema,
  pageOffset,
} from './paging.ts';

describe('MarketplacePaginationSchema', () => {
  it.each<[unknown, object]>([
    [{}, { limit: 10, offset: 0 }],
    [
      { limit: '50', offset: '20' },
      { limit: 50, offset: 20 },
    ],
    [{ limit: 1000 }, { limit: 1000, offset: 0 }],
  ])('%j → %j', (input, output) => {
    expect(MarketplacePaginationSchema.parse(input)).toEqual(output);
  });

  it.each<[unknown, string]>([
    [{ limit: 1001 }, 'limit must be at most 1000'],
    [{ limit: 0 }, 'limit must be at least 1'],
    [{ limit: '2.5' }, 'limit must be a whole number'],
    [{ offset: -1 }, 'offset must not be negative'],
  ])('%j → %s', (input, message) => {
    expect(MarketplacePaginationSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});

describe('paging helpers', () => {
  it.each([
    [20, 20, true],
    [19, 20, false],
    [0, 20, false],
  ])('a page of %s at size %s has a next page: %s', (length, size, next) => {
    expect(hasNextPage(length, size)).toBe(next);
  });

  it.each([
    [0, 0],
    [3, 60],
    [-1, 0],
  ])('page %s → offset %s', (page, offset) => {
    expect(pageOffset(page, 20)).toBe(offset);
  });

  it.each([
    [5, 5],
    [100, 100],
    [250, 100],
    [-3, 0],
  ])('unread %s → %s', (unread, shown) => {
    expect(cappedUnreadCount(unread)).toBe(shown);
  });

  it.each([
    ['global', true],
    ['market', true],
    ['other', false],
  ])('app %s shown: %s', (app, shown) => {
    expect(isShownNotificationApp(app, 'market')).toBe(shown);
  });

  it('splits batches of 1000', () => {
    expect(batchRanges(2500)).toEqual([
      { from: 0, to: 999 },
      { from: 1000, to: 1999 },
      { from: 2000, to: 2499 },
    ]);
    expect(batchRanges(0)).toEqual([]);
  });
});
