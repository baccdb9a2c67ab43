import {
  FeaturedLaunchesSchema,
  LAUNCHES_PAGE_SIZE,
  LaunchesPayloadSchema,
  type LaunchListStatus,
} from '@om/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { LAUNCHES_KEY } from './launches.keys.ts';

/** Launches as buyers see them; every key starts with 'launches' (the mint page's too). */
export const launchesQueries = {
  all: () => LAUNCHES_KEY,

  /** GET /api/launchpad/featured: up to 4 listed launches per type, Live, Coming soon, the rest. */
  featured: () =>
    queryOptions({
      queryKey: [...launchesQueries.all(), 'featured'],
      queryFn: ({ signal }) =>
        api.get('/api/launchpad/featured', FeaturedLaunchesSchema, { signal }),
    }),

  /**
   * GET /api/launchpad/launches: a page of the /launches list (product.md#walk-through-fixes item
   * 4).
   */
  list: ({ status, type, page }: LaunchListParams) =>
    queryOptions({
      queryKey: [...launchesQueries.all(), 'list', { status, type, page }],
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ status });
        if (type) query.set('type', type);
        query.set('limit', String(LAUNCHES_PAGE_SIZE));
        query.set('offset', String(page * LAUNCHES_PAGE_SIZE));
        return api.get(`/api/launchpad/launches?${query}`, LaunchesPayloadSchema, { signal });
      },
      placeholderData: keepPreviousData,
    }),
};

export type LaunchListParams = {
  status: LaunchListStatus;
  type: 'psbt' | 'editions' | undefined;
  page: number;
};
