import { drawWinners, type DrawEntry } from '@om/bitcoin';
import { splitByWeights, type PoolType } from '@om/core';

export type DrawnWinner = { rewardIndex: number; address: string; amount: bigint };

/**
 * Who wins what (ADR 020), from the published inputs only, so anyone can recompute it. A
 * proportionate pool pays every entry its share of each reward by points; a ticket pool draws
 * its winners (n, or 1) from the block hash and the seed, and splits each reward equally among
 * them in draw order (the remainder goes to the first drawn). A zero share is no row.
 */
export function poolWinners(input: {
  type: PoolType;
  winnerCount: number | null;
  rewards: readonly bigint[];
  entries: readonly DrawEntry[];
  seedHex: string;
  blockHashHex: string;
}): DrawnWinner[] {
  const { entries } = input;
  let addresses: string[];
  let weights: bigint[];
  if (input.type === 'proportionate') {
    addresses = entries.map((e) => e.address);
    weights = entries.map((e) => e.tickets);
  } else {
    const drawn = drawWinners({
      seedHex: input.seedHex,
      blockHashHex: input.blockHashHex,
      entries,
      winners: input.type === 'winner-takes-all' ? 1 : (input.winnerCount ?? 1),
    });
    addresses = drawn.winners.map((i) => (entries[i] as DrawEntry).address);
    weights = addresses.map(() => 1n);
  }
  return input.rewards.flatMap((amount, rewardIndex) =>
    splitByWeights(amount, weights)
      .map((share, i) => ({ rewardIndex, address: addresses[i] as string, amount: share }))
      .filter((w) => w.amount > 0n),
  );
}
