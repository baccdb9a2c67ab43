import { COLLECTION_SORTS, type CollectionSort } from '@om/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { EmptyState, Page } from '../../components/ui/page.tsx';
import { FeaturedLaunches } from '../launches/featured-launches.tsx';

import { useIsMobile } from '../layout/use-is-mobile.ts';
import { count } from '../../lib/collection-format.ts';
import {
  COLLECTION_SORT_LABELS,
  nextColumnSort,
  readCollectionListParams,
  writeCollectionListParams,
  type CollectionListParams,
  type SortableColumn,
} from './collection-list-params.ts';
import { CollectionCards, CollectionsTable } from './collections-table.tsx';
import { collectionQueries } from './collections.queries.ts';
import { LoadMore } from '../../shared/load-more.tsx';
import { SearchBox } from './search-box.tsx';
import { useMarketEvents } from './use-market-events.ts';
import { Loading, LoadFailed } from '../../components/ui/load-state.tsx';

/**
 * /collections: every collection with its floor and stats; no wallet needed
 * (product.md#market-screens, #roles).
 */
export function CollectionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readCollectionListParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<CollectionListParams>) =>
      setSearchParams((prev) => writeCollectionListParams(prev, changes), { replace: true }),
    [setSearchParams],
  );
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  useMarketEvents();

  return (
    <Page title="Collections" subtitle="Inscription collections with floor prices and stats.">
      <FeaturedLaunches />
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <SearchBox
            value={params.search}
            onSearch={onSearch}
            label="Search collections"
            className="w-full sm:w-72"
          />
          <label className="flex items-center gap-2 text-sm text-zinc-400">
            Sort by
            <select
              value={params.sort}
              onChange={(event) => update({ sort: event.target.value as CollectionSort })}
              className="h-9 rounded-lg border border-zinc-700 bg-zinc-900 px-2 text-zinc-100"
            >
              {COLLECTION_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {COLLECTION_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <CategoryChips selected={params.category} onSelect={(category) => update({ category })} />
      </div>
      <CollectionList
        params={params}
        onSort={(column) => update({ sort: nextColumnSort(column, params.sort) })}
      />
    </Page>
  );
}

/** How many categories show as chips; the rest are in a select, so a long list stays one row. */
export const CATEGORY_CHIP_LIMIT = 12;

/** Category filter from /api/collections/categories, biggest first; hidden while there are none. */
function CategoryChips({
  selected,
  onSelect,
}: {
  selected: string;
  onSelect: (category: string) => void;
}) {
  const { data: categories = [] } = useQuery(collectionQueries.categories());
  const sorted = useMemo(() => [...categories].sort((a, b) => b.count - a.count), [categories]);
  if (sorted.length === 0) return null;
  const chips = sorted.slice(0, CATEGORY_CHIP_LIMIT);
  const more = sorted.slice(CATEGORY_CHIP_LIMIT);
  const chip = (value: string, label: string) => (
    <li key={value === '' ? '*all*' : value}>
      <button
        type="button"
        aria-pressed={selected === value}
        onClick={() => onSelect(value)}
        className={`h-8 rounded-full border px-3 text-xs font-medium transition-colors ${
          selected === value
            ? 'border-brand-500/60 bg-brand-500/15 text-brand-400'
            : 'border-zinc-700 bg-zinc-900 text-zinc-300 hover:border-zinc-500'
        }`}
      >
        {label}
      </button>
    </li>
  );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label="Categories" className="flex flex-wrap gap-2">
        {chip('', 'All')}
        {chips.map((c) => chip(c.category, c.category))}
      </ul>
      {more.length > 0 ? (
        <select
          aria-label="More categories"
          value={more.some((c) => c.category === selected) ? selected : ''}
          onChange={(event) => onSelect(event.target.value)}
          className="h-8 rounded-full border border-zinc-700 bg-zinc-900 px-3 text-xs text-zinc-300"
        >
          <option value="">More…</option>
          {more.map((c) => (
            <option key={c.category} value={c.category}>
              {c.category}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

function CollectionList({
  params,
  onSort,
}: {
  params: CollectionListParams;
  onSort: (column: SortableColumn) => void;
}) {
  const isMobile = useIsMobile();
  const query = useInfiniteQuery(collectionQueries.list(params));
  const collections = useMemo(
    () => query.data?.pages.flatMap((page) => page.collections) ?? [],
    [query.data],
  );

  if (query.error) {
    return (
      <LoadFailed what="the collections" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (query.isPending) {
    return <Loading what="collections" />;
  }
  const total = query.data.pages[0]?.total ?? 0;
  const isFiltered = params.search !== '' || params.category !== '';
  return (
    <div className="flex flex-col gap-3" aria-busy={query.isFetching}>
      <p className="text-sm text-zinc-400">
        {count(total)} {total === 1 ? 'collection' : 'collections'}
      </p>
      {collections.length === 0 ? (
        isFiltered ? (
          <EmptyState title="No collections match">Try another search or category.</EmptyState>
        ) : (
          <EmptyState title="No collections yet">
            Collections appear here once they are onboarded or launched.
          </EmptyState>
        )
      ) : isMobile ? (
        <CollectionCards collections={collections} />
      ) : (
        <CollectionsTable collections={collections} sort={params.sort} onSort={onSort} />
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
      />
    </div>
  );
}
