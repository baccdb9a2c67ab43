import { ListingEventSchema, TradeEventSchema } from '@om/core';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { activityQueries } from '../activity/activity.queries.ts';
import { subscribeServerEvents } from '../../shared/server-events.ts';
import { collectionQueries } from './collections.queries.ts';

/** Events come in bursts (a purchase changes a listing and a trade); one refetch per burst. */
export const MARKET_REFRESH_DELAY_MS = 250;

/** The collection slug a listing or trade event is about; null for anything else. */
function marketEventSlug(data: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null; // Not ours to understand; the stream carries on.
  }
  const listing = ListingEventSchema.safeParse(json);
  if (listing.success) return listing.data.collectionSlug;
  const trade = TradeEventSchema.safeParse(json);
  return trade.success ? trade.data.collectionSlug : null;
}

/**
 * Keeps a collection page (or, without a slug, the collection list) current: a listing or a
 * trade of the collection, or a new block (trades confirm), refreshes its stats, chart, items
 * and activity. It listens on the page's one event stream (subscribeServerEvents).
 */
export function useMarketEvents(slug?: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const keys: QueryKey[] =
      slug === undefined
        ? [collectionQueries.lists()]
        : [collectionQueries.bySlug(slug), activityQueries.bySlug(slug)];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }, MARKET_REFRESH_DELAY_MS);
    };
    const onMarketEvent = (event: MessageEvent<string>) => {
      const eventSlug = marketEventSlug(event.data);
      if (slug === undefined ? eventSlug !== null : eventSlug === slug) refresh();
    };
    const unsubscribe = subscribeServerEvents({
      listing: onMarketEvent,
      trade: onMarketEvent,
      block: refresh,
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [queryClient, slug]);
}
