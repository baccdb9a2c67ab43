import {
  AddressInscriptionsPayloadSchema,
  ProfileBatchPayloadSchema,
  ProfileSchema,
} from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';
import { tradeQueries } from './trade.queries.ts';

export const profileQueries = {
  all: () => ['profiles'] as const,

  /**
   * GET /api/address/{address}/inscriptions: what the address holds, with each output and active
   * listing. Under the market's keys, so listing, delisting and buying refresh it.
   */
  inscriptionsOf: (address: string) =>
    queryOptions({
      queryKey: [...tradeQueries.all(), 'inscriptions-of', address],
      queryFn: async ({ signal }) => {
        const path = `/api/address/${encodeURIComponent(address)}/inscriptions`;
        return (await api.get(path, AddressInscriptionsPayloadSchema, { signal })).inscriptions;
      },
    }),

  /** GET /api/profiles/{address}: who the address is (nulls when it has no profile). */
  profile: (address: string) =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'one', address],
      queryFn: ({ signal }) =>
        api.get(`/api/profiles/${encodeURIComponent(address)}`, ProfileSchema, { signal }),
    }),

  /**
   * POST /api/profiles/batch: up to 30 addresses (product.md#constants-and-limits), sorted so the
   * key is stable.
   */
  names: (addresses: readonly string[]) =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'names', ...addresses],
      queryFn: async ({ signal }) =>
        (
          await api.post('/api/profiles/batch', { addresses }, ProfileBatchPayloadSchema, {
            signal,
          })
        ).profiles,
      staleTime: 60_000,
    }),
};
