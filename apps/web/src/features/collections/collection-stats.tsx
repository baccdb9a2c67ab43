import type { CollectionStats as Stats } from '@om/core';
import type { ReactNode } from 'react';
import { btcLabel, count, percentChange, TONE_CLASSES } from '../../lib/collection-format.ts';

/**
 * The stats row (get_collection_stats, product.md#records): floor, change, volumes, listed,
 * supply.
 */
export function CollectionStats({ stats }: { stats: Stats }) {
  const change = percentChange(stats.percentChange);
  return (
    <dl
      aria-label="Collection stats"
      className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(auto-fill,minmax(10rem,1fr))]"
    >
      <Stat term="Floor" testId="stat-floor">
        {btcLabel(stats.floorPrice)}
      </Stat>
      <Stat term="1d change" testId="stat-change">
        <span className={TONE_CLASSES[change.tone]}>{change.text}</span>
      </Stat>
      <Stat term="Volume 1d">{btcLabel(stats.volume1d)}</Stat>
      <Stat term="Volume 7d">{btcLabel(stats.volume7d)}</Stat>
      <Stat term="Volume 30d">{btcLabel(stats.volume30d)}</Stat>
      <Stat term="Total volume">{btcLabel(stats.volumeAll)}</Stat>
      <Stat term="Listed">{count(stats.listed)}</Stat>
      <Stat term="Supply">{count(stats.supply)}</Stat>
      <Stat term="Owners">{count(stats.owners)}</Stat>
    </dl>
  );
}

function Stat({ term, testId, children }: { term: string; testId?: string; children: ReactNode }) {
  return (
    <div
      data-testid={testId}
      className="flex min-w-0 flex-col gap-0.5 rounded-lg border border-zinc-800 bg-zinc-900/40 px-3 py-2"
    >
      <dt className="text-[11px] uppercase tracking-wide text-zinc-500">{term}</dt>
      <dd className="truncate font-mono text-[13px] tabular-nums text-zinc-100">{children}</dd>
    </div>
  );
}
