/** Spec 001 §1 and §9: mining rewards pay out over a cycle of 144 blocks, drawn with 6 markers. */
export const PAYOUT_CYCLE_BLOCKS = 144;
export const PAYOUT_MARKERS = 6;

type Props = {
  /** Blocks mined so far in the current cycle (0..143); undefined until the rewards feature knows. */
  blocksIntoCycle?: number;
};

export function PayoutProgress({ blocksIntoCycle }: Props) {
  const known = blocksIntoCycle !== undefined;
  const blocks = known ? Math.min(Math.max(blocksIntoCycle, 0), PAYOUT_CYCLE_BLOCKS) : 0;
  const percent = (blocks / PAYOUT_CYCLE_BLOCKS) * 100;
  const markers = Array.from(
    { length: PAYOUT_MARKERS },
    (_, i) => ((i + 1) / PAYOUT_MARKERS) * 100,
  );

  return (
    <div className="flex w-40 flex-col gap-1">
      <div className="flex justify-between text-[11px] text-zinc-500">
        <span>Payout</span>
        <span className="font-mono tabular-nums text-zinc-300">
          {known ? `${blocks}/${PAYOUT_CYCLE_BLOCKS}` : '—'}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Payout progress"
        aria-valuemin={0}
        aria-valuemax={PAYOUT_CYCLE_BLOCKS}
        aria-valuenow={known ? blocks : undefined}
        aria-valuetext={known ? `${blocks} of ${PAYOUT_CYCLE_BLOCKS} blocks` : 'Not available yet'}
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
