import { TasksSchema } from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '../../lib/api-client.ts';
import { xpQueries } from './xp.queries.ts';
import { rewardsQueries } from './rewards.queries.ts';

/** product.md#errors's fallback when the server gives no reason. */
const FOLLOW_TWITTER_FAILED = 'Failed to complete follow-twitter task for user';

/**
 * POST /api/task/follow-twitter/complete: the server checks the connected X account follows the
 * product's, credits the task's XP to `address` and answers the tasks as they now are.
 */
export function useCompleteFollowTwitter(address: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/task/follow-twitter/complete', { address }, TasksSchema),
    onSuccess: (tasks) => {
      queryClient.setQueryData(rewardsQueries.tasks(address).queryKey, tasks);
      void queryClient.invalidateQueries({ queryKey: xpQueries.of(address).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...rewardsQueries.all(), 'xp-history'] });
    },
    onError: (error) => toast.error(errorMessage(error, FOLLOW_TWITTER_FAILED)),
  });
}
