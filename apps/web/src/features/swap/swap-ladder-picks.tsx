import type { SwapPoolsInfo } from '@om/core';
import { formatWireAmount } from '../../lib/brc20-amount.ts';

/**
 * The amounts the pool has ready as transfer inscriptions (its ladder, ADR 017): picking one asks
 * for exactly that amount, which settles in one transaction instead of the pool inscribing it
 * first. Same price either way; shown only for buys.
 */
export function LadderPicks({
  ladder,
  tick,
  decimals,
  onPick,
}: {
  ladder: SwapPoolsInfo['ladder'];
  tick: string;
  decimals: number;
  onPick: (amount: string) => void;
}) {
  const ready = (ladder ?? []).filter((rung) => rung.ready > 0);
  if (ready.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-xs text-zinc-400">
      <span>Ready in one transaction:</span>
      {ready.map((rung) => (
        <button
          key={rung.amount}
          type="button"
          onClick={() => onPick(rung.amount)}
          className="rounded-full border border-zinc-700 px-2 py-0.5 text-zinc-200 hover:border-amber-400"
        >
          {formatWireAmount(rung.amount, decimals)} {tick}
        </button>
      ))}
    </div>
  );
}
