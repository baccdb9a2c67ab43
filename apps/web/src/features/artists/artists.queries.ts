import { ArtistsPageSchema, ArtworkPageSchema } from '@om/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { profileQueries } from '../../shared/profile.queries.ts';

/** Under the profiles' keys: saving a profile refreshes the artists too. */
export const artistQueries = {
  all: () => [...profileQueries.all(), 'artists'] as const,

  /** GET /api/artists?page=: 20 a page (product.md#constants-and-limits). */
  list: (page: number) =>
    queryOptions({
      queryKey: [...artistQueries.all(), 'list', page],
      queryFn: ({ signal }) => api.get(`/api/artists?page=${page}`, ArtistsPageSchema, { signal }),
      placeholderData: keepPreviousData,
    }),

  /** GET /api/artists/{username}/artwork?page=: 12 a page (product.md#constants-and-limits). */
  artwork: (username: string, page: number) =>
    queryOptions({
      queryKey: [...artistQueries.all(), 'artwork', username, page],
      queryFn: ({ signal }) =>
        api.get(
          `/api/artists/${encodeURIComponent(username)}/artwork?page=${page}`,
          ArtworkPageSchema,
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
};
