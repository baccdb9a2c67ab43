import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';

import { EmptyState, Page } from '../../components/ui/page.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ActivityPanel } from '../activity/activity-panel.tsx';
import { activityWindow } from '../activity/trade-activity.ts';
import { CollectionHeader } from './collection-header.tsx';
import { CollectionItems } from './collection-items.tsx';
import { CollectionStats } from './collection-stats.tsx';
import { seededDetailQuery } from './collection-seed.ts';
import { FloorChart } from './floor-chart.tsx';
import { useMarketEvents } from './use-market-events.ts';
import { Loading, LoadFailed } from '../../components/ui/load-state.tsx';

export const COLLECTION_NOT_FOUND = 'Collection not found';

/** /collections/:slug: header, stats, floor chart, then the items or the trade activity. */
export function CollectionPage() {
  const { slug = '' } = useParams();
  // Seeded from the detail inlined in index.html on a first load (collection-seed.ts,
  // product.md#scale-and-delivery).
  const { data, error, isPending, refetch } = useQuery(seededDetailQuery(slug));
  useMarketEvents(slug);

  if (error || isPending) {
    return (
      <Page title="Collection">
        {isPending ? (
          <Loading what="collection" />
        ) : error instanceof ApiError && (error.status === 404 || error.status === 400) ? (
          <EmptyState title={COLLECTION_NOT_FOUND}>
            No collection is listed under “{slug}”.
          </EmptyState>
        ) : (
          <LoadFailed what="the collection" error={error} onRetry={() => void refetch()} />
        )}
      </Page>
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-6 md:px-8">
      <CollectionHeader collection={data.collection} />
      <CollectionStats stats={data.stats} />
      <FloorChart slug={slug} />
      <CollectionTabs slug={slug} />
    </section>
  );
}

const TABS = [
  { id: 'items', label: 'Items' },
  { id: 'activity', label: 'Activity' },
] as const;

function CollectionTabs({ slug }: { slug: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'activity' ? 'activity' : 'items';
  const setParam = (name: string, value: string | null) =>
    setSearchParams(
      (prev) => {
        const params = new URLSearchParams(prev);
        if (value === null) params.delete(name);
        else params.set(name, value);
        return params;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label="Collection sections"
        className="flex gap-1 border-b border-zinc-800"
      >
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`collection-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`collection-panel-${id}`}
            onClick={() => setParam('tab', id === 'items' ? null : id)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium transition-colors ${
              tab === id
                ? 'border-brand-500 text-zinc-50'
                : 'border-transparent text-zinc-400 hover:text-zinc-200'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`collection-panel-${tab}`} aria-labelledby={`collection-tab-${tab}`}>
        {tab === 'items' ? (
          <CollectionItems slug={slug} />
        ) : (
          <ActivityPanel
            slug={slug}
            window={activityWindow(searchParams.get('window'))}
            onWindowChange={(value) => setParam('window', value === '1d' ? null : value)}
          />
        )}
      </div>
    </div>
  );
}
