import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmptyState } from '../../components/ui/page.tsx';

import { LoadMore } from '../../shared/load-more.tsx';
import { activityQueries } from './activity.queries.ts';
import { ActivityTable } from './activity-table.tsx';
import {
  ACTIVITY_WINDOWS,
  visibleActivity,
  type ActivityWindow,
  type ActivityWindowValue,
} from './trade-activity.ts';
import { LoadError, Loading } from '../../components/ui/load-state.tsx';

type Props = {
  /** The collection; without it, the whole market's trades. */
  slug?: string;
  window: ActivityWindow;
  onWindowChange: (value: ActivityWindowValue) => void;
};

/**
 * Trade activity with its window selector (product.md#constants-and-limits: 100 over a day, or all
 * in pages of 20).
 */
export function ActivityPanel({ slug, window, onWindowChange }: Props) {
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="activity-heading" className="text-base font-semibold text-zinc-100">
          Activity
        </h2>
        <label className="flex items-center gap-2 text-sm text-zinc-400">
          Activity window
          <select
            value={window.value}
            onChange={(event) => onWindowChange(event.target.value as ActivityWindowValue)}
            className="h-9 rounded-lg border border-zinc-700 bg-zinc-900 px-2 text-zinc-100"
          >
            {ACTIVITY_WINDOWS.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {window.isInfinite ? (
        <AllActivity slug={slug} />
      ) : (
        <RecentActivity slug={slug} interval={window.interval} />
      )}
    </section>
  );
}

function RecentActivity({ slug, interval }: { slug: string | undefined; interval: string }) {
  const { data, error, isPending } = useQuery(activityQueries.recent(slug, interval));
  const rows = useMemo(() => visibleActivity(data ?? []), [data]);
  if (error) return <ActivityError error={error} />;
  if (isPending) return <ActivityLoading />;
  if (rows.length === 0) return <EmptyState title="No trades in this window" />;
  return <ActivityTable rows={rows} label="Trades" />;
}

function AllActivity({ slug }: { slug: string | undefined }) {
  const query = useInfiniteQuery(activityQueries.infinite(slug));
  const rows = useMemo(() => visibleActivity(query.data?.pages.flat() ?? []), [query.data]);
  if (query.error) return <ActivityError error={query.error} />;
  if (query.isPending) return <ActivityLoading />;
  return (
    <>
      {rows.length === 0 ? (
        <EmptyState title="No trades yet" />
      ) : (
        <ActivityTable rows={rows} label="Trades" />
      )}
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
        label="Load more trades"
      />
    </>
  );
}

function ActivityError({ error }: { error: unknown }) {
  return <LoadError what="the activity" error={error} />;
}

function ActivityLoading() {
  return <Loading what="activity" />;
}
