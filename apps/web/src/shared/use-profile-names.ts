import { PROFILE_BATCH_SIZE, type ProfileSummary } from '@om/core';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { profileQueries } from './profile.queries.ts';

/**
 * The profiles of the addresses a list shows (makers and takers), asked in batches of 30
 * (product.md#constants-and-limits). Addresses without a profile are absent; while loading, or
 * when a batch fails, the list simply shows the addresses.
 */
export function useProfileNames(addresses: readonly string[]): ReadonlyMap<string, ProfileSummary> {
  const batches = useMemo(() => {
    const unique = [...new Set(addresses.filter((a) => a !== ''))].sort();
    const chunks: string[][] = [];
    for (let i = 0; i < unique.length; i += PROFILE_BATCH_SIZE) {
      chunks.push(unique.slice(i, i + PROFILE_BATCH_SIZE));
    }
    return chunks;
  }, [addresses]);
  return useQueries({
    queries: batches.map((batch) => profileQueries.names(batch)),
    combine: (results) => {
      const names = new Map<string, ProfileSummary>();
      for (const result of results) {
        for (const [address, profile] of Object.entries(result.data ?? {})) {
          names.set(address, profile);
        }
      }
      return names;
    },
  });
}

/** How a list names an address: the profile's name, then @username, else nothing. */
export function profileLabel(profile: ProfileSummary | undefined): string | null {
  if (!profile) return null;
  return profile.name ?? (profile.username ? `@${profile.username}` : null);
}
