import {
  LAUNCH_LIST_STATUSES,
  LAUNCH_TYPES,
  LAUNCHES_PAGE_SIZE,
  type LaunchListStatus,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { EmptyState, Page } from '../../components/ui/page.tsx';
import { Pager } from '../../shared/brc20-ui.tsx';
import { LaunchCard } from './featured-launches.tsx';
import { launchesQueries } from './launches.queries.ts';
import { StatusTabs } from './status-tabs.tsx';
import { useNow } from './use-now.ts';

const TABS: { value: LaunchListStatus; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'live', label: 'Live' },
  { value: 'upcoming', label: 'Coming soon' },
  { value: 'ended', label: 'Ended' },
];
const TYPES = [
  { value: '', label: 'All types' },
  { value: 'psbt', label: 'Pre-inscribed' },
  { value: 'editions', label: 'Editions' },
] as const;
const EMPTY: Record<LaunchListStatus, string> = {
  all: 'No launch yet',
  live: 'No live launch',
  upcoming: 'No launch coming soon',
  ended: 'No ended launch',
};

/**
 * /launches (product.md#walk-through-fixes item 4): every listed launch, Live first, then Coming
 * soon, then the rest, by status tab and type, pages of 20 (state in the URL); each card opens
 * /mint/{slug}.
 */
export function LaunchesPage() {
  const [params, setParams] = useSearchParams();
  const status = LAUNCH_LIST_STATUSES.find((s) => s === params.get('status')) ?? 'all';
  const type = LAUNCH_TYPES.find((t) => t === params.get('type'));
  const page = Math.max(0, Number(params.get('page')) || 0);
  const query = useQuery(launchesQueries.list({ status, type, page }));
  const now = useNow();

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <Page title="Launches" subtitle="Every launch: live, coming soon, sold out and ended.">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <StatusTabs
          label="Launch status"
          tabs={TABS}
          value={status}
          onChange={(value) => update({ status: value === 'all' ? '' : value, page: '' })}
        />
        <label className="flex flex-col gap-1 text-sm text-zinc-300">
          Type
          <select
            value={type ?? ''}
            onChange={(event) => update({ type: event.target.value, page: '' })}
            className="h-9 rounded-lg border border-zinc-700 bg-zinc-950 px-2 text-zinc-100"
          >
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div role="tabpanel" aria-label={TABS.find((t) => t.value === status)?.label}>
        {query.isPending ? (
          <Loading what="launches" />
        ) : query.isError ? (
          <LoadFailed what="launches" error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.launches.length === 0 ? (
          <EmptyState title={EMPTY[status]} />
        ) : (
          <div className="flex flex-col gap-4">
            <ul
              aria-label="Launches"
              className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
            >
              {query.data.launches.map((launch) => (
                <li key={launch.id}>
                  <LaunchCard launch={launch} now={now} />
                </li>
              ))}
            </ul>
            <Pager
              label="Launches"
              page={page}
              size={LAUNCHES_PAGE_SIZE}
              total={query.data.total}
              onPage={(next) => update({ page: next === 0 ? '' : String(next) })}
            />
          </div>
        )}
      </div>
    </Page>
  );
}
