import {
  ActivityPayloadSchema,
  TRADE_ACTIVITY_DEFAULT_LIMIT,
  TRADE_ACTIVITY_INFINITE_WINDOW,
  TRADE_ACTIVITY_PAGE_SIZE,
  hasNextPage,
  pageOffset,
} from '@om/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

type ActivityRequest = { interval: string; slug?: string; limit: number; offset: number };

function fetchActivity({ interval, slug, limit, offset }: ActivityRequest, signal: AbortSignal) {
  const query = new URLSearchParams({ interval, limit: String(limit), offset: String(offset) });
  if (slug) query.set('slug', slug);
  return api.get(`/api/activity?${query}`, ActivityPayloadSchema, { signal });
}

/** Trade activity (fetch_activity), keyed by collection so its market events can refresh it. */
export const activityQueries = {
  all: () => ['activity'] as const,
  /** One collection's activity, or the whole market's (no slug). */
  bySlug: (slug?: string) => [...activityQueries.all(), slug ?? '*'] as const,

  /**
   * The latest trades of a window: 100 over '1 day' by default (product.md#constants-and-limits).
   */
  recent: (slug: string | undefined, interval: string, limit = TRADE_ACTIVITY_DEFAULT_LIMIT) =>
    queryOptions({
      queryKey: [...activityQueries.bySlug(slug), 'recent', interval, limit],
      queryFn: async ({ signal }) =>
        (await fetchActivity({ interval, slug, limit, offset: 0 }, signal)).activity,
    }),

  /** Every trade of the last ten years, in pages of 20 while the last page was full. */
  infinite: (slug: string | undefined) =>
    infiniteQueryOptions({
      queryKey: [...activityQueries.bySlug(slug), 'infinite'],
      queryFn: async ({ pageParam, signal }) =>
        (
          await fetchActivity(
            {
              interval: TRADE_ACTIVITY_INFINITE_WINDOW,
              slug,
              limit: TRADE_ACTIVITY_PAGE_SIZE,
              offset: pageParam,
            },
            signal,
          )
        ).activity,
      initialPageParam: 0,
      getNextPageParam: (last, pages) =>
        hasNextPage(last.length, TRADE_ACTIVITY_PAGE_SIZE)
          ? pageOffset(pages.length, TRADE_ACTIVITY_PAGE_SIZE)
          : undefined,
    }),
};
