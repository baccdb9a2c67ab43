import { AUCTION_SLUG_TAKEN, SLUG_CHECK_DEBOUNCE_MS, slugError } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';
import { auctionWizardQueries } from './auction-wizard.queries.ts';
import type { SlugAvailability } from './use-collection-checks.ts';

/**
 * product.md#validation "Auction": 1 s after the slug stops changing, a well-formed slug is looked
 * up; one another auction holds is 'Auction slug is already taken.'. The creator's own auction,
 * created in this wizard and waiting for its signature, holds it for them.
 */
export function useAuctionSlugAvailability(
  slug: string,
  ownAuctionId: string | undefined,
): SlugAvailability {
  const checked = useDebouncedValue(slug, SLUG_CHECK_DEBOUNCE_MS);
  const isWellFormed = slugError(checked) === undefined;
  const check = useQuery({ ...auctionWizardQueries.slugCheck(checked), enabled: isWellFormed });
  // An answer about a slug the creator has since changed says nothing about this one.
  if (checked !== slug || !isWellFormed) return { error: undefined, isAvailable: false };
  if (check.isError) {
    return { error: `Could not check the slug: ${errorMessage(check.error)}`, isAvailable: false };
  }
  if (check.data === undefined) return { error: undefined, isAvailable: false };
  const isTaken = check.data !== null && check.data.id !== ownAuctionId;
  return { error: isTaken ? AUCTION_SLUG_TAKEN : undefined, isAvailable: !isTaken };
}
