import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { brc20Queries } from '../brc20/brc20.queries.ts';

const XpSchema = z.object({ address: z.string(), xp: z.string().regex(/^-?\d+$/) });

/**
 * An address's XP (ADR 020), under the BRC-20 balance keys: XP is accrued from the token rows of
 * each block, so the 'brc20' event that refreshes balances refreshes it too, and the 'xp' event
 * the XP worker sends after its pass (use-rewards-events.ts) refreshes it once accrued.
 */
export const xpQueries = {
  all: () => [...brc20Queries.addresses(), 'xp'] as const,
  of: (address: string) =>
    queryOptions({
      queryKey: [...xpQueries.all(), address],
      queryFn: ({ signal }) => api.get(`/api/rewards/xp/${address}`, XpSchema, { signal }),
    }),
};
