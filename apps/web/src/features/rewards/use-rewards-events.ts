import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeServerEvents, type ServerEventListener } from '../../shared/server-events.ts';
import { rewardsQueries } from './rewards.queries.ts';
import { xpQueries } from './xp.queries.ts';

/**
 * A 'pool' event ({ id }) says a pool's totals or draw changed: that pool and the list refetch.
 * A block moves every pool's state and countdown and the mining cycle: all of rewards refetch.
 */
export function rewardsEventHandlers(
  queryClient: QueryClient,
): Record<'pool' | 'block' | 'xp', ServerEventListener> {
  return {
    pool: (event) => {
      const { id } = JSON.parse(event.data) as { id: string };
      void queryClient.invalidateQueries({ queryKey: rewardsQueries.poolKey(id) });
      void queryClient.invalidateQueries({ queryKey: rewardsQueries.pools().queryKey });
    },
    block: () => void queryClient.invalidateQueries({ queryKey: rewardsQueries.all() }),
    // XP is accrued after the block's token rows: its own event, not 'block' or 'brc20'.
    xp: () => {
      void queryClient.invalidateQueries({ queryKey: xpQueries.all() });
      void queryClient.invalidateQueries({ queryKey: rewardsQueries.all() });
    },
  };
}

/** Keeps pools, mining and tasks current; the header calls it, so it runs on every page. */
export function useRewardsEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => subscribeServerEvents(rewardsEventHandlers(queryClient)), [queryClient]);
}
