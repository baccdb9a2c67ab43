import { ChainTxSchema, TipHeightPayloadSchema } from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client.ts';

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
  /** GET /api/shared/tx/{txid}: the transaction with its spent outputs and fee. */
  tx: (txid: string) =>
    queryOptions({
      queryKey: [...chainQueries.all(), 'tx', txid],
      queryFn: ({ signal }) =>
        api.get(`/api/shared/tx/${encodeURIComponent(txid)}`, ChainTxSchema, { signal }),
    }),
};
