import { Link } from 'react-router';

/** The URL of the swap page on BTC → `tick`. */
export function swapPath(tick: string): string {
  return `/swap?send=btc&receive=${encodeURIComponent(tick.toLowerCase())}`;
}

/** A button-looking link to buy `tick` on the swap page (token pages, ADR 017). */
export function SwapLink({ tick, label }: { tick: string; label: string }) {
  return (
    <Link
      to={swapPath(tick)}
      aria-label={label}
      className="inline-flex h-9 items-center justify-center rounded-lg border border-zinc-700 bg-zinc-800 px-4 text-sm text-zinc-100 transition-colors hover:bg-zinc-700"
    >
      Swap
    </Link>
  );
}
