import { queryOptions } from '@tanstack/react-query';
import { auctionApi } from './auction.api.ts';
import { auctionPollInterval } from './auction-state.ts';

/** The auctions; every key starts with 'auctions'. */
export const auctionQueries = {
  all: () => ['auctions'] as const,

  /** GET /api/launchpad/auctions/{slug}, asked again every few seconds while it is live. */
  bySlug: (slug: string) =>
    queryOptions({
      queryKey: [...auctionQueries.all(), slug],
      queryFn: ({ signal }) => auctionApi.get(slug, signal),
      refetchInterval: (query) =>
        auctionPollInterval(query.state.data, Math.floor(Date.now() / 1000)),
    }),
};
