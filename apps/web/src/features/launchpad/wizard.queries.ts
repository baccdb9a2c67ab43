import { queryOptions } from '@tanstack/react-query';
import { launchpadApi } from './launchpad.api.ts';

/** A name or slug found free (or taken) stays so long enough for one pass through the form. */
const CHECK_STALE_MS = 30_000;

/** The wizard's reads; every key starts with 'launchpad-wizard'. */
export const wizardQueries = {
  all: () => ['launchpad-wizard'] as const,

  nameCheck: (name: string) =>
    queryOptions({
      queryKey: [...wizardQueries.all(), 'name-taken', name],
      queryFn: ({ signal }) => launchpadApi.checkName(name, signal),
      staleTime: CHECK_STALE_MS,
    }),

  slugCheck: (slug: string) =>
    queryOptions({
      queryKey: [...wizardQueries.all(), 'slug-taken', slug],
      queryFn: ({ signal }) => launchpadApi.checkSlug(slug, signal),
      staleTime: CHECK_STALE_MS,
    }),

  /** Why a launch could not take each of these items (in a collection, in another launch). */
  unavailable: (ids: readonly string[]) =>
    queryOptions({
      queryKey: [...wizardQueries.all(), 'unavailable', ids],
      queryFn: ({ signal }) => launchpadApi.unavailableOf(ids, signal),
    }),

  /** What the connected ordinals address holds: the launch's inscriptions must all be there. */
  inscriptionIdsOf: (address: string) =>
    queryOptions({
      queryKey: [...wizardQueries.all(), 'inscription-ids-of', address],
      queryFn: ({ signal }) => launchpadApi.inscriptionIdsOf(address, signal),
    }),
};
