import { LAUNCHPAD_STATUS_POLL_MS, LaunchpadInfoSchema, type LaunchpadStatus } from '@om/core';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { isLaunchSettled } from './sign-phases.ts';

/**
 * product.md#states-and-transitions: every 8 s until the launch is ready to sign, active or
 * failed.
 */
export function launchInfoRefetchInterval(status: LaunchpadStatus | undefined): number | false {
  return isLaunchSettled(status) ? false : LAUNCHPAD_STATUS_POLL_MS;
}

/** The launch being created in the wizard; every key starts with ['launchpad', 'info']. */
export const launchInfoQueries = {
  all: () => ['launchpad', 'info'] as const,

  /** GET /api/launchpad/info/{launchpadId}; nothing is asked without an id. */
  info: (launchpadId: string | null) =>
    queryOptions({
      queryKey: [...launchInfoQueries.all(), launchpadId],
      queryFn: launchpadId
        ? ({ signal }) =>
            api.get(`/api/launchpad/info/${encodeURIComponent(launchpadId)}`, LaunchpadInfoSchema, {
              signal,
            })
        : skipToken,
      refetchInterval: (query) => launchInfoRefetchInterval(query.state.data?.status),
    }),
};
