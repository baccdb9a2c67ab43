import { TipHeightPayloadSchema } from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Chain data; every key starts with 'chain', which a new block invalidates (use-chain-events.ts). */
export const chainQueries = {
  all: () => ['chain'] as const,
  tipHeight: () =>
    queryOptions({
      queryKey: [...chainQueries.all(), 'tip-height'],
      queryFn: async ({ signal }) =>
        (await api.get('/api/shared/blocks/tip/height', TipHeightPayloadSchema, { signal })).height,
      staleTime: 60_000,
    }),
};
