import { queryOptions, skipToken } from '@tanstack/react-query';
import { xAccountApi } from './x-account.api.ts';

/** A profile read again from X stays good this long. */
const FRESH_PROFILE_STALE_MS = 5 * 60_000;

/**
 * The signed-in user's X account; every key starts with 'x-account' and carries the session's
 * token, so another sign-in never sees this one's account. Nothing is asked without a session.
 */
export const xAccountQueries = {
  all: () => ['x-account'] as const,

  account: (token: string | null) =>
    queryOptions({
      queryKey: [...xAccountQueries.all(), 'account', token],
      queryFn: token ? ({ signal }) => xAccountApi.account(signal) : skipToken,
    }),

  /**
   * POST /api/twitter/cache as a read: it only refreshes the server's copy of the profile, so it
   * is safe to repeat, and asked only when the X field's handle differs from the cached one.
   */
  freshProfile: (token: string | null) =>
    queryOptions({
      queryKey: [...xAccountQueries.all(), 'fresh-profile', token],
      queryFn: token ? ({ signal }) => xAccountApi.refreshProfile(signal) : skipToken,
      staleTime: FRESH_PROFILE_STALE_MS,
      refetchOnWindowFocus: false,
      retry: false,
    }),
};
