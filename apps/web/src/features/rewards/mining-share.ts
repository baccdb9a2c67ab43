import { satsToBtc, type MiningStatus } from '@om/core';

/** holding / totalHolding as a percentage with two decimals, in bigint so no precision is lost. */
export function miningSharePercent(holding: string, totalHolding: string): string {
  const total = BigInt(totalHolding);
  if (total === 0n) return '0.00%';
  const hundredths = (BigInt(holding) * 10_000n) / total;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}%`;
}

/** The cycle as people read it: its number, its blocks and the fees collected so far. */
export function cycleText(status: MiningStatus): string {
  const { index, startHeight, endHeight, fees } = status.cycle;
  return `Cycle ${index}: blocks ${startHeight}–${endHeight}, ${satsToBtc(BigInt(fees))} BTC in fees so far`;
}
