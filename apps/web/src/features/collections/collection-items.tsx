import {
  INSCRIPTION_SORTS,
  type CollectionInscriptionsPayload,
  type InscriptionSort,
  type MarketInscription,
} from '@om/core';
import {
  useInfiniteQuery,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/page.tsx';

import { useWallet } from '../wallet/wallet-context.ts';
import { count } from '../../lib/collection-format.ts';
import { collectionQueries } from './collections.queries.ts';
import { FiltersPanel } from './filters-panel.tsx';
import { InscriptionCard, type CardSelection } from './inscription-card.tsx';
import { activeFilterCount, type InscriptionFilters } from './inscription-filters.ts';
import { LoadMore } from '../../shared/load-more.tsx';
import { SearchBox } from './search-box.tsx';
import { SweepCart } from './sweep-cart.tsx';
import { canSweep, type ListedInscription } from './sweep-selection.ts';
import { useInscriptionFilters } from './use-inscription-filters.ts';
import { useSweepSelection } from './use-sweep-selection.ts';
import { Loading, LoadFailed } from '../../components/ui/load-state.tsx';

const SORT_LABELS: Record<InscriptionSort, string> = {
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  number_asc: 'Number: low to high',
  number_desc: 'Number: high to low',
  recently_listed: 'Recently listed',
};

/**
 * The items tab: filters beside (or, on a phone, above) a grid that loads 20 at a time, whose
 * listed items a connected wallet can select and buy together.
 */
export function CollectionItems({ slug }: { slug: string }) {
  const [filters, setFilters] = useInscriptionFilters();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const onSearch = useCallback(
    (search: string) => setFilters({ search }, { replace: true }),
    [setFilters],
  );
  const active = activeFilterCount(filters);

  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-start">
      <aside
        aria-label="Filters"
        className={`${isPanelOpen ? 'block' : 'hidden'} md:sticky md:top-4 md:block md:w-64 md:shrink-0`}
      >
        <FiltersPanel slug={slug} filters={filters} onChange={(changes) => setFilters(changes)} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            className="md:hidden"
            aria-expanded={isPanelOpen}
            onClick={() => setIsPanelOpen((open) => !open)}
          >
            {active > 0 ? `Filters (${active})` : 'Filters'}
          </Button>
          <SearchBox
            value={filters.search}
            onSearch={onSearch}
            label="Search items"
            placeholder="Search by name or number"
            className="min-w-0 flex-1 sm:max-w-72"
          />
          <label className="ml-auto flex items-center gap-2 text-sm text-zinc-400">
            Sort items
            <select
              value={filters.sort}
              onChange={(event) => setFilters({ sort: event.target.value as InscriptionSort })}
              className="h-9 rounded-lg border border-zinc-700 bg-zinc-900 px-2 text-zinc-100"
            >
              {INSCRIPTION_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <InscriptionGrid slug={slug} filters={filters} />
      </div>
    </div>
  );
}

type InscriptionsQuery = UseInfiniteQueryResult<InfiniteData<CollectionInscriptionsPayload>>;

/**
 * The grid and its sweep cart. The selection holds for one view: other filters or another wallet
 * start it empty. The cart counts what the grid shows now, so a sold item leaves it.
 */
function InscriptionGrid({ slug, filters }: { slug: string; filters: InscriptionFilters }) {
  const query = useInfiniteQuery(collectionQueries.inscriptions(slug, filters));
  const ordinalsAddress = useWallet().wallet?.ordinalsAddress;
  const selection = useSweepSelection(JSON.stringify([slug, filters, ordinalsAddress ?? null]));
  const inscriptions = useMemo(
    () => query.data?.pages.flatMap((page) => page.inscriptions) ?? [],
    [query.data],
  );
  const selected = useMemo(
    () =>
      inscriptions.filter(
        (inscription): inscription is ListedInscription =>
          selection.ids.has(inscription.inscriptionId) && canSweep(inscription, ordinalsAddress),
      ),
    [inscriptions, selection.ids, ordinalsAddress],
  );
  const selectionOf = (inscription: MarketInscription) =>
    canSweep(inscription, ordinalsAddress)
      ? {
          isSelected: selection.ids.has(inscription.inscriptionId),
          onToggle: () => selection.toggle(inscription.inscriptionId),
        }
      : undefined;

  return (
    <>
      <GridBody query={query} inscriptions={inscriptions} selectionOf={selectionOf} />
      <SweepCart selected={selected} onClear={selection.clear} />
    </>
  );
}

function GridBody({
  query,
  inscriptions,
  selectionOf,
}: {
  query: InscriptionsQuery;
  inscriptions: readonly MarketInscription[];
  selectionOf: (inscription: MarketInscription) => CardSelection | undefined;
}) {
  if (query.error) {
    return <LoadFailed what="the items" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) {
    return <Loading what="items" />;
  }
  const total = query.data.pages[0]?.total ?? 0;
  return (
    <div className="flex flex-col gap-3" aria-busy={query.isFetching}>
      <p className="text-sm text-zinc-400">
        {count(total)} {total === 1 ? 'result' : 'results'}
      </p>
      {inscriptions.length === 0 ? (
        <EmptyState title="No items match these filters" />
      ) : (
        <ul
          aria-label="Items"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
        >
          {inscriptions.map((inscription) => (
            <InscriptionCard
              key={inscription.inscriptionId}
              inscription={inscription}
              selection={selectionOf(inscription)}
            />
          ))}
        </ul>
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
      />
    </div>
  );
}
