import { RuneBalancesPayloadSchema, RunePayloadSchema } from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The runes read API (core runes.api.ts), answered from the server's own runes index. */
export const runeQueries = {
  all: () => ['runes'] as const,
  rune: (idOrName: string) =>
    queryOptions({
      queryKey: [...runeQueries.all(), 'rune', idOrName],
      queryFn: async ({ signal }) =>
        (
          await api.get(`/api/runes/${encodeURIComponent(idOrName)}`, RunePayloadSchema, {
            signal,
          })
        ).rune,
    }),
  balances: (address: string) =>
    queryOptions({
      queryKey: [...runeQueries.all(), 'balances', address],
      queryFn: async ({ signal }) =>
        (
          await api.get(
            `/api/runes/balances/${encodeURIComponent(address)}`,
            RuneBalancesPayloadSchema,
            { signal },
          )
        ).balances,
    }),
};
