import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  readInscriptionFilters,
  writeInscriptionFilters,
  type InscriptionFilters,
} from './inscription-filters.ts';

/** The collection page's item filters, read from and written to the URL. */
export function useInscriptionFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readInscriptionFilters(searchParams), [searchParams]);
  const setFilters = useCallback(
    (changes: Partial<InscriptionFilters>, options: { replace?: boolean } = {}) =>
      setSearchParams(
        (prev) => writeInscriptionFilters(prev, { ...readInscriptionFilters(prev), ...changes }),
        { replace: options.replace ?? false, preventScrollReset: true },
      ),
    [setSearchParams],
  );
  return [filters, setFilters] as const;
}
