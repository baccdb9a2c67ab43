import { formatXp, satsToBtc } from '@om/core';
import type { ReactNode } from 'react';

/** Shown in a slot whose data a later feature provides; never a made-up number. */
export const PLACEHOLDER = '—';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col leading-tight">
      <span className="text-[11px] uppercase tracking-wide text-zinc-500">{label}</span>
      <span className="font-mono text-[13px] tabular-nums text-zinc-100">{children}</span>
    </div>
  );
}

/** XP of the signed-in user, abbreviated above 99,999 (spec 001 §1). */
export function XpStat({ xp }: { xp?: number }) {
  return <Stat label="XP">{xp === undefined ? PLACEHOLDER : formatXp(xp)}</Stat>;
}

/** Balance of the product's utility token, already formatted by the token feature. */
export function TokenBalanceStat({ ticker, balance }: { ticker: string; balance?: string }) {
  return <Stat label={ticker}>{balance ?? PLACEHOLDER}</Stat>;
}

/** Mining rewards earned and not yet paid out, in sats. */
export function PendingRewardsStat({ sats }: { sats?: bigint }) {
  return (
    <Stat label="Pending rewards">
      {sats === undefined ? PLACEHOLDER : `${satsToBtc(sats)} BTC`}
    </Stat>
  );
}
