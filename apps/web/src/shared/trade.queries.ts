import {
  ActivityPayloadSchema,
  ListingsPayloadSchema,
  OrderbookPayloadSchema,
  RecommendedFeesPayloadSchema,
  TxStatusPayloadSchema,
  type ChainTxStatus,
} from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../lib/api-client.ts';

/**
 * product.md#states-and-transitions: tracked transactions are polled until confirmed (every 5 s,
 * like pending buys).
 */
export const TX_POLL_MS = 5_000;
/** "My listings" and address activity: one page, enough for a person's own market. */
const OWN_ROWS_LIMIT = 100;

async function fetchActiveListings(
  maker: string,
  signal?: AbortSignal,
  status: 'active' | 'exposed' = 'active',
) {
  const query = new URLSearchParams({ maker, status, limit: String(OWN_ROWS_LIMIT) });
  return (await api.get(`/api/listings?${query}`, ListingsPayloadSchema, { signal })).listings;
}

/** The market as one person trades in it; every key starts with 'trade'. */
export const tradeQueries = {
  all: () => ['trade'] as const,
  orderbooks: () => [...tradeQueries.all(), 'orderbook'] as const,
  listings: () => [...tradeQueries.all(), 'listings'] as const,
  activities: () => [...tradeQueries.all(), 'activity'] as const,

  /** GET /api/inscriptions/{id}/orderbook: the active listing, every order, the trades. */
  orderbook: (inscriptionId: string) =>
    queryOptions({
      queryKey: [...tradeQueries.orderbooks(), inscriptionId],
      queryFn: ({ signal }) =>
        api.get(
          `/api/inscriptions/${encodeURIComponent(inscriptionId)}/orderbook`,
          OrderbookPayloadSchema,
          { signal },
        ),
    }),

  /** GET /api/listings?maker=&status=active: a maker's live listings. */
  activeListingsOf: (maker: string) =>
    queryOptions({
      queryKey: [...tradeQueries.listings(), maker, 'active'],
      queryFn: ({ signal }) => fetchActiveListings(maker, signal),
    }),

  /**
   * The maker's exposed listings (product.md#trust-findings finding 2): off sale, executable until
   * delisted on chain.
   */
  exposedListingsOf: (maker: string) =>
    queryOptions({
      queryKey: [...tradeQueries.listings(), maker, 'exposed'],
      queryFn: ({ signal }) => fetchActiveListings(maker, signal, 'exposed'),
    }),

  /**
   * GET /api/profile/activity: the trades of the wallet's addresses and of the multisig and maker
   * wallets they made (protected sales and launch mints are recorded under the maker wallet).
   */
  profileActivity: (addresses: readonly string[]) =>
    queryOptions({
      queryKey: [...tradeQueries.activities(), 'profile', ...addresses],
      queryFn: async ({ signal }) => {
        const list = addresses.map(encodeURIComponent).join(',');
        const path = `/api/profile/activity?addresses=${list}&limit=${OWN_ROWS_LIMIT}`;
        return (await api.get(path, ActivityPayloadSchema, { signal })).activity;
      },
    }),

  /** GET /api/shared/fees/recommended, in sat/vB. */
  recommendedFees: () =>
    queryOptions({
      queryKey: [...tradeQueries.all(), 'fees'],
      queryFn: ({ signal }) =>
        api.get('/api/shared/fees/recommended', RecommendedFeesPayloadSchema, { signal }),
      staleTime: 60_000,
    }),

  /**
   * GET /api/shared/tx/{txid}/status; null while no node knows the transaction (a 404). Polled
   * every 5 s until it is confirmed.
   */
  txStatus: (txid: string) =>
    queryOptions({
      queryKey: [...tradeQueries.all(), 'tx', txid],
      queryFn: async ({ signal }): Promise<ChainTxStatus | null> => {
        try {
          return await api.get(
            `/api/shared/tx/${encodeURIComponent(txid)}/status`,
            TxStatusPayloadSchema,
            { signal },
          );
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
      refetchInterval: (query) => (query.state.data?.confirmed ? false : TX_POLL_MS),
    }),
};
