import { ConfigPayloadSchema } from '@om/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

/** GET /api/config: this deployment's network and links. Fetched once per page load. */
export const configQueries = {
  all: () => ['config'] as const,
  app: () =>
    queryOptions({
      queryKey: [...configQueries.all(), 'app'],
      queryFn: ({ signal }) => api.get('/api/config', ConfigPayloadSchema, { signal }),
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};

/** The deployment config, or undefined while it loads (or if it failed). */
export function useAppConfig() {
  return useQuery(configQueries.app()).data;
}
