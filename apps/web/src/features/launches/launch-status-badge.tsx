import type { FeaturedStatus } from '@om/core';

const LOOKS: Record<FeaturedStatus, { label: string; className: string }> = {
  Live: { label: 'Live', className: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300' },
  SoldOut: { label: 'Sold out', className: 'border-red-500/40 bg-red-500/10 text-red-300' },
  ComingSoon: { label: 'Coming soon', className: 'border-sky-500/40 bg-sky-500/10 text-sky-300' },
  Ended: { label: 'Ended', className: 'border-zinc-700 bg-zinc-800/60 text-zinc-400' },
};

/**
 * A launch's featured status (core featuredStatus, product.md#market-screens): Live, SoldOut,
 * ComingSoon, Ended.
 */
export function LaunchStatusBadge({ status }: { status: FeaturedStatus }) {
  const look = LOOKS[status];
  return (
    <span
      data-status={status}
      className={`inline-flex h-6 shrink-0 items-center rounded-full border px-2.5 text-xs font-medium ${look.className}`}
    >
      {look.label}
    </span>
  );
}
