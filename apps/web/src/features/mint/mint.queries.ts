import { AllocationSchema, PublicLaunchpadSchema, retryDelay } from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client.ts';
import { launchesQueries } from '../launches/launches.queries.ts';

/**
 * product.md#market-calls: the launchpad fetch retries 3 times, 1 s apart (core retryDelay). A 4xx
 * is an answer, not a blip: an unknown slug stays unknown, so it is shown at once.
 */
export function shouldRetryLaunchFetch(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return retryDelay(failureCount + 1) !== undefined;
}

/** TanStack counts failures from 0; core counts attempts, the first one being attempt 0. */
export function launchFetchRetryDelay(failureCount: number): number {
  return retryDelay(failureCount + 1) ?? 0;
}

export const mintQueries = {
  /** GET /api/launchpad/by-slug/{slug}: the launch, its collection and phases. */
  launch: (slug: string) =>
    queryOptions({
      queryKey: [...launchesQueries.all(), 'by-slug', slug],
      queryFn: ({ signal }) =>
        api.get(`/api/launchpad/by-slug/${encodeURIComponent(slug)}`, PublicLaunchpadSchema, {
          signal,
        }),
      retry: shouldRetryLaunchFetch,
      retryDelay: launchFetchRetryDelay,
    }),

  /**
   * GET /api/launchpad/get-allocation/{launchpadId}/{address}?paymentAddress=: what the wallet
   * may mint in the phase open now, counted as the mint counts it (either address may be the
   * listed one). The open phase is part of the key, so a phase change asks again.
   */
  allocation: (
    launchpadId: string,
    wallet: { ordinalsAddress: string; paymentAddress: string },
    openPhaseId: string | null,
  ) =>
    queryOptions({
      queryKey: [
        ...launchesQueries.all(),
        'allocation',
        launchpadId,
        wallet.ordinalsAddress,
        wallet.paymentAddress,
        openPhaseId,
      ],
      queryFn: ({ signal }) =>
        api.get(
          `/api/launchpad/get-allocation/${encodeURIComponent(launchpadId)}/${encodeURIComponent(wallet.ordinalsAddress)}?paymentAddress=${encodeURIComponent(wallet.paymentAddress)}`,
          AllocationSchema,
          { signal },
        ),
    }),
};
