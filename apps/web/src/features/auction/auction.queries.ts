import { AUCTIONS_PAGE_SIZE, AuctionsPayloadSchema, type AuctionListStatus } from '@om/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
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

  /**
   * GET /api/launchpad/auctions: a page of one tab of the /auctions list
   * (product.md#walk-through-fixes item 4).
   */
  list: (status: AuctionListStatus, page: number) =>
    queryOptions({
      queryKey: [...auctionQueries.all(), 'list', { status, page }],
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({
          status,
          limit: String(AUCTIONS_PAGE_SIZE),
          offset: String(page * AUCTIONS_PAGE_SIZE),
        });
        return api.get(`/api/launchpad/auctions?${query}`, AuctionsPayloadSchema, { signal });
      },
      placeholderData: keepPreviousData,
    }),
};
