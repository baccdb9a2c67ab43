import { FeaturedLaunchesSchema } from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Launches as buyers see them; every key starts with 'launches' (the mint page's too). */
export const launchesQueries = {
  all: () => ['launches'] as const,

  /** GET /api/launchpad/featured: up to 4 listed launches per type, newest first. */
  featured: () =>
    queryOptions({
      queryKey: [...launchesQueries.all(), 'featured'],
      queryFn: ({ signal }) =>
        api.get('/api/launchpad/featured', FeaturedLaunchesSchema, { signal }),
    }),
};
