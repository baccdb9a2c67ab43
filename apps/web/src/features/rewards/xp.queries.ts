import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { brc20Queries } from '../brc20/brc20.queries.ts';

const XpSchema = z.object({ address: z.string(), xp: z.string().regex(/^-?\d+$/) });

/**
 * An address's XP (ADR 020), under the BRC-20 balance keys: XP is accrued from the token rows of
 * each block, so the 'brc20' event that refreshes balances refreshes it too; the XP worker may
 * finish a moment after that event, so it is also asked again every minute.
 */
export const xpQueries = {
  of: (address: string) =>
    queryOptions({
      queryKey: [...brc20Queries.addresses(), 'xp', address],
      queryFn: ({ signal }) => api.get(`/api/rewards/xp/${address}`, XpSchema, { signal }),
      refetchInterval: 60_000,
    }),
};
