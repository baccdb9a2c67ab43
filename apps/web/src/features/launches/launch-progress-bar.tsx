import { launchProgress } from '@om/core';
import { count } from '../../lib/collection-format.ts';

/**
 * Sold of total and percent complete (core launchProgress, product.md#validation), with a bar;
 * nothing when the remaining count is unknown. Launches with hide_progress do not render it at all.
 */
export function LaunchProgressBar({
  total,
  remaining,
  meta,
  label,
}: {
  total: number;
  remaining: number | null;
  /** The launch's presold inscriptions and total-sold override (product.md#validation). */
  meta: { presold_inscriptions: number | null; total_sold_override: number | null };
  /** Names the bar for screen readers: '{label} progress'. */
  label: string;
}) {
  const progress = launchProgress({
    total,
    remaining,
    presold: meta.presold_inscriptions,
    totalSoldOverride: meta.total_sold_override,
  });
  if (!progress) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-xs text-zinc-400">
        <span>
          {count(progress.sold)} / {count(progress.total)} minted · {count(progress.remaining)}{' '}
          remaining
        </span>
        <span className="font-mono text-zinc-200">{progress.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        className="h-2 overflow-hidden rounded-full bg-zinc-800"
      >
        <div
          className="h-full rounded-full bg-brand-500"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>
  );
}
