import { featuredStatus, type LaunchSummary } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CollectionIcon } from '../../shared/collection-icon.tsx';
import { btcText, wireSats } from '../../lib/trade-format.ts';
import { currentOrNextPhase } from './launch-phase.ts';
import { LaunchProgressBar } from './launch-progress-bar.tsx';
import { LaunchStatusBadge } from './launch-status-badge.tsx';
import { launchesQueries } from './launches.queries.ts';
import { useNow } from './use-now.ts';

const ROWS = [
  { type: 'psbt', title: 'Pre-inscribed' },
  { type: 'editions', title: 'Editions' },
] as const;

/**
 * The featured strip at the top of /collections (product.md#market-screens): up to 4 launches of
 * each type (Live, then Coming soon, then the rest: product.md#walk-through-fixes item 4), each
 * linking to its mint page. It is an extra, so nothing shows while it loads, if it fails, or when
 * there is no launch at all.
 */
export function FeaturedLaunches() {
  const { data } = useQuery(launchesQueries.featured());
  const now = useNow();
  if (!data || (data.psbt.length === 0 && data.editions.length === 0)) return null;
  return (
    <section aria-label="Featured launches" className="flex flex-col gap-4">
      {ROWS.map(({ type, title }) =>
        data[type].length === 0 ? null : (
          <div key={type} className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-400">{title}</h2>
            <ul aria-label={title} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {data[type].map((launch) => (
                <li key={launch.id}>
                  <LaunchCard launch={launch} now={now} />
                </li>
              ))}
            </ul>
          </div>
        ),
      )}
    </section>
  );
}

/** A launch's card: name, price of the current or next phase, badge, progress; opens /mint/{slug}. */
export function LaunchCard({ launch, now }: { launch: LaunchSummary; now: Date }) {
  const phase = currentOrNextPhase(launch.phases, now);
  const status = featuredStatus({ ...launch, remaining: launch.remaining_inscriptions }, now);
  return (
    <Link
      to={`/mint/${encodeURIComponent(launch.slug)}`}
      aria-label={launch.name}
      className="flex h-full flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-3 transition-colors hover:border-zinc-600"
    >
      <div className="flex items-center gap-3">
        <CollectionIcon icon={launch.icon} name={launch.name} className="size-12" />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium text-zinc-100">{launch.name}</span>
          <span className="font-mono text-xs text-zinc-400">
            {phase ? btcText(wireSats(phase.price)) : 'No phase to come'}
          </span>
        </div>
        <LaunchStatusBadge status={status} />
      </div>
      {launch.hide_progress ? null : (
        <LaunchProgressBar
          total={launch.total_inscriptions}
          remaining={launch.remaining_inscriptions}
          meta={launch.meta_data}
          label={launch.name}
        />
      )}
    </Link>
  );
}
