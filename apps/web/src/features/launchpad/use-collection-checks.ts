import {
  COLLECTION_NAME_IN_USE_WARNING,
  COLLECTION_NAME_TAKEN,
  LAUNCHPAD_SLUG_TAKEN,
  NAME_CHECK_DEBOUNCE_MS,
  NAME_MIN_LENGTH,
  SLUG_CHECK_DEBOUNCE_MS,
  slugError,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../shared/use-debounced-value.ts';
import { wizardQueries } from './wizard.queries.ts';

/**
 * product.md#validation: 0.5 s after the name stops changing, a name another collection has gives
 * the warning toast, 'Collection name is already taken.' with the in-use text under it. Only a
 * warning: the creator may be launching that very collection.
 */
export function useNameInUseWarning(name: string): void {
  const checked = useDebouncedValue(name.trim(), NAME_CHECK_DEBOUNCE_MS);
  const { data: isTaken } = useQuery({
    ...wizardQueries.nameCheck(checked),
    enabled: checked.length >= NAME_MIN_LENGTH,
  });
  useEffect(() => {
    if (isTaken === true) {
      toast.warning(COLLECTION_NAME_TAKEN, { description: COLLECTION_NAME_IN_USE_WARNING });
    }
  }, [isTaken, checked]);
}

export type SlugAvailability = {
  /** 'Launchpad slug is already taken.', or why the check could not be made. */
  error: string | undefined;
  /** The slug shown was checked and no launch uses it. */
  isAvailable: boolean;
};

/**
 * product.md#validation: 1 s after the slug stops changing, a well-formed slug is checked for
 * uniqueness.
 */
export function useSlugAvailability(slug: string): SlugAvailability {
  const checked = useDebouncedValue(slug, SLUG_CHECK_DEBOUNCE_MS);
  const isWellFormed = slugError(checked) === undefined;
  const check = useQuery({ ...wizardQueries.slugCheck(checked), enabled: isWellFormed });
  // An answer about a slug the creator has since changed says nothing about this one.
  if (checked !== slug || !isWellFormed) return { error: undefined, isAvailable: false };
  if (check.isError) {
    return {
      error: `Could not check the slug: ${errorMessage(check.error)}`,
      isAvailable: false,
    };
  }
  return {
    error: check.data === true ? LAUNCHPAD_SLUG_TAKEN : undefined,
    isAvailable: check.data === false,
  };
}
