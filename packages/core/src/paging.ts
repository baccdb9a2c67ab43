import { z } from 'zod';

// product.md#market-screens, #market-calls, #constants-and-limits: page sizes and limits.
export const INSCRIPTIONS_PAGE_SIZE = 20;
export const TRADE_ACTIVITY_DEFAULT_LIMIT = 100;
export const TRADE_ACTIVITY_DEFAULT_WINDOW = '1 day';
export const TRADE_ACTIVITY_PAGE_SIZE = 20;
export const TRADE_ACTIVITY_INFINITE_WINDOW = '10 years';
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const UNREAD_NOTIFICATIONS_CAP = 100;
export const GLOBAL_NOTIFICATION_APP = 'global';
export const REWARDS_PAGE_SIZE = 10;
export const COLLECTIONS_BATCH_SIZE = 1000;
export const CATEGORY_FETCH_SIZE = 1000;
export const PROFILE_BATCH_SIZE = 30;
export const ARTISTS_PAGE_SIZE = 20;
export const ARTWORK_PAGE_SIZE = 12;
export const LISTINGS_DEFAULT_LIMIT = 10;
export const LISTINGS_MAX_LIMIT = 1000;

/** Marketplace listing pagination (query strings arrive as text): limit 1-1000, default 10. */
export const MarketplacePaginationSchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LISTINGS_MAX_LIMIT, `limit must be at most ${LISTINGS_MAX_LIMIT}`)
    .default(LISTINGS_DEFAULT_LIMIT),
  offset: z.coerce
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .default(0),
});
export type MarketplacePagination = z.infer<typeof MarketplacePaginationSchema>;

/** The next page is requested only when the last page came back full. */
export function hasNextPage(lastPageLength: number, pageSize: number): boolean {
  return lastPageLength >= pageSize;
}

/** The offset of page `page` (0-based). */
export function pageOffset(page: number, pageSize: number): number {
  return Math.max(0, Math.trunc(page)) * pageSize;
}

/** The unread badge counts at most 100. */
export function cappedUnreadCount(unread: number): number {
  return Math.min(Math.max(0, unread), UNREAD_NOTIFICATIONS_CAP);
}

/** Notifications shown: the global app and the product's own. */
export function isShownNotificationApp(app: string, productApp: string): boolean {
  return app === GLOBAL_NOTIFICATION_APP || app === productApp;
}

/** The row ranges (inclusive) that fetch `total` rows in fixed batches, e.g. categories by 1000. */
export function batchRanges(
  total: number,
  batchSize = CATEGORY_FETCH_SIZE,
): { from: number; to: number }[] {
  const ranges: { from: number; to: number }[] = [];
  for (let from = 0; from < total; from += batchSize) {
    ranges.push({ from, to: Math.min(total, from + batchSize) - 1 });
  }
  return ranges;
}
