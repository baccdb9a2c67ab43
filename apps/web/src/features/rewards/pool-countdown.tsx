import { canToggleCountdown, poolCountdownText, type CountdownMode } from '@om/core';
import type { Pool } from '@om/core';
import { useState } from 'react';

const STATE_STYLE: Record<Pool['state'], string> = {
  pending: 'border-zinc-700 text-zinc-400',
  upcoming: 'border-sky-500/40 text-sky-300',
  live: 'border-emerald-500/40 text-emerald-300',
  ended: 'border-zinc-700 text-zinc-300',
  drawn: 'border-brand-500/40 text-brand-400',
};

/** The pool's state, as the server computed it at its tip. */
export function PoolStateBadge({ state }: { state: Pool['state'] }) {
  return (
    <span className={`rounded-full border px-2 py-0.5 text-xs capitalize ${STATE_STYLE[state]}`}>
      {state}
    </span>
  );
}

/**
 * product.md#states-and-transitions's countdown: a click switches time ↔ blocks (10 minutes a
 * block), except for an ended or drawn pool, which always names its block.
 */
export function PoolCountdown({ pool, currentBlock }: { pool: Pool; currentBlock: number | null }) {
  const [mode, setMode] = useState<CountdownMode>('time');
  const computed = poolCountdownText(pool, currentBlock, mode);
  // core's poolState never says drawn (its winners are the server's); the server's state does.
  const text = pool.state === 'drawn' ? computed.replace(/^Ended/, 'Drawn') : computed;
  const className =
    'rounded-full border border-zinc-700 px-2 py-0.5 font-mono text-xs text-zinc-200';
  if (!canToggleCountdown(pool.state)) {
    return <span className={className}>{text}</span>;
  }
  return (
    <button
      type="button"
      className={`${className} hover:border-brand-500/60`}
      title={mode === 'time' ? 'Show in blocks' : 'Show as time'}
      onClick={(event) => {
        // The badge sits in a card that is a link: toggling must not follow it.
        event.preventDefault();
        event.stopPropagation();
        setMode((m) => (m === 'time' ? 'blocks' : 'time'));
      }}
    >
      {text}
    </button>
  );
}
