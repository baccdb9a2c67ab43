import { ListingEventSchema, TradeEventSchema } from '@om/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeServerEvents } from '../../shared/server-events.ts';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';

/** The inscription a listing or trade event is about; undefined for anything else. */
export function marketEventInscription(data: string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined; // Not ours to understand; the stream carries on.
  }
  const listing = ListingEventSchema.safeParse(json);
  if (listing.success) return listing.data.inscriptionId;
  const trade = TradeEventSchema.safeParse(json);
  return trade.success ? trade.data.inscriptionId : undefined;
}

/**
 * Keeps an inscription's market current (ADR 007 "Live"): a listing or trade event about it
 * refreshes its order book and activity, and a trade its location too. Listens on the page's one
 * event stream.
 */
export function useInscriptionMarketEvents(inscriptionId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onListing = (event: MessageEvent<string>) => {
      if (marketEventInscription(event.data) !== inscriptionId) return;
      void queryClient.invalidateQueries({
        queryKey: tradeQueries.orderbook(inscriptionId).queryKey,
      });
    };
    const onTrade = (event: MessageEvent<string>) => {
      if (marketEventInscription(event.data) !== inscriptionId) return;
      void queryClient.invalidateQueries({
        queryKey: tradeQueries.orderbook(inscriptionId).queryKey,
      });
      void queryClient.invalidateQueries({ queryKey: inscriptionQueries.byId(inscriptionId) });
    };
    return subscribeServerEvents({ listing: onListing, trade: onTrade });
  }, [queryClient, inscriptionId]);
}
