import { MINING_PAYOUT_CYCLE_BLOCKS, MINING_PAYOUT_MARKERS, payoutCycleProgress } from '@om/core';

type Props = {
  /** The chain tip; undefined until the rewards feature provides it. */
  blockHeight?: number;
};

/**
 * product.md#market-overview, #constants-and-limits: mining rewards pay out over a cycle of 144
 * blocks, drawn with 6 markers.
 */
export function PayoutProgress({ blockHeight }: Props) {
  const progress = blockHeight === undefined ? undefined : payoutCycleProgress(blockHeight);
  const percent = progress?.percent ?? 0;
  const markers = Array.from(
    { length: MINING_PAYOUT_MARKERS },
    (_, i) => ((i + 1) / MINING_PAYOUT_MARKERS) * 100,
  );

  return (
    <div className="flex w-40 flex-col gap-1">
      <div className="flex justify-between text-[11px] text-zinc-500">
        <span>Payout</span>
        <span className="font-mono tabular-nums text-zinc-300">
          {progress ? `${progress.blocksDone}/${MINING_PAYOUT_CYCLE_BLOCKS}` : '—'}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Payout progress"
        aria-valuemin={0}
        aria-valuemax={MINING_PAYOUT_CYCLE_BLOCKS}
        aria-valuenow={progress?.blocksDone}
        aria-valuetext={
          progress
            ? `${progress.blocksDone} of ${MINING_PAYOUT_CYCLE_BLOCKS} blocks`
            : 'Not available yet'
        }
        className="relative h-1.5 rounded-full bg-zinc-800"
      >
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
        {markers.map((left) => (
          <span
            key={left}
            data-marker=""
            className={`absolute top-1/2 size-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full ${left <= percent ? 'bg-brand-400' : 'bg-zinc-600'}`}
            style={{ left: `${left}%` }}
          />
        ))}
      </div>
    </div>
  );
}
