import { formatDuration } from './countdown.ts';

// product.md#states-and-transitions (pool state, countdown), product.md#validation (proportionate
// payout), product.md#constants-and-limits (block time, cycle).
export const BLOCK_TIME_SECONDS = 600;
export const MINING_PAYOUT_CYCLE_BLOCKS = 144;
export const MINING_PAYOUT_MARKERS = 6;
/** startBlock or endBlock of -1: not set / open-ended. */
export const UNSET_BLOCK = -1;

export type PoolType = 'proportionate' | 'n-winners' | 'winner-takes-all';
export type PoolState = 'pending' | 'upcoming' | 'ended' | 'live' | 'drawn';
export type PoolBlocks = {
  startBlock: number;
  endBlock: number;
  winners?: readonly unknown[] | null;
};

/**
 * The rules in the spec's order: pending without a start block or a known tip; upcoming
 * before the start; ended once the end block is reached or winners exist; live after the
 * start while the end is not reached or open-ended; drawn otherwise. Read literally, the
 * rules leave no case for drawn; it stays as the spec's fallback.
 */
export function poolState(pool: PoolBlocks, currentBlock: number | null | undefined): PoolState {
  if (pool.startBlock === UNSET_BLOCK || currentBlock === null || currentBlock === undefined) {
    return 'pending';
  }
  if (pool.startBlock > currentBlock) return 'upcoming';
  const isOpenEnded = pool.endBlock === UNSET_BLOCK;
  const endReached = !isOpenEnded && currentBlock >= pool.endBlock;
  if (endReached || (pool.winners?.length ?? 0) > 0) return 'ended';
  if (pool.startBlock <= currentBlock && (isOpenEnded || !endReached)) return 'live';
  return 'drawn';
}

/** Ended and drawn pools always show the block; others toggle between time and blocks. */
export function canToggleCountdown(state: PoolState): boolean {
  return state !== 'ended' && state !== 'drawn';
}

export type CountdownMode = 'time' | 'blocks';

function span(blocks: number, mode: CountdownMode): string {
  if (mode === 'blocks') return `${blocks} ${blocks === 1 ? 'block' : 'blocks'}`;
  return formatDuration(blocks * BLOCK_TIME_SECONDS);
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The countdown badge: Pending, Coming in ..., Open Ended, what is left, or '{state} at block {n}'. */
export function poolCountdownText(
  pool: PoolBlocks,
  currentBlock: number | null | undefined,
  mode: CountdownMode = 'time',
): string {
  const state = poolState(pool, currentBlock);
  const tip = currentBlock ?? 0;
  switch (state) {
    case 'pending':
      return 'Pending';
    case 'upcoming':
      return `Coming in ${span(pool.startBlock - tip, mode)}`;
    case 'live':
      return pool.endBlock === UNSET_BLOCK ? 'Open Ended' : span(pool.endBlock - tip, mode);
    default:
      return `${capitalize(state)} at block ${pool.endBlock === UNSET_BLOCK ? tip : pool.endBlock}`;
  }
}

/** Proportionate pools: reward amount times the user's share of all points, rounded down. */
export function proportionatePayout(
  amount: bigint,
  userPoints: bigint,
  totalPoints: bigint,
): bigint {
  if (totalPoints <= 0n || userPoints <= 0n) return 0n;
  return (amount * userPoints) / totalPoints;
}

/** Whether the user's default address is among the pool's winners. */
export function isPoolWinner(
  winners: readonly { address: string }[] | null | undefined,
  address: string,
): boolean {
  return (winners ?? []).some((w) => w.address === address);
}

/** Position in the 144-block mining payout cycle, as blocks done and a 0-100 percent. */
export function payoutCycleProgress(currentBlock: number) {
  const done =
    ((currentBlock % MINING_PAYOUT_CYCLE_BLOCKS) + MINING_PAYOUT_CYCLE_BLOCKS) %
    MINING_PAYOUT_CYCLE_BLOCKS;
  return {
    blocksDone: done,
    blocksLeft: MINING_PAYOUT_CYCLE_BLOCKS - done,
    percent: (done / MINING_PAYOUT_CYCLE_BLOCKS) * 100,
  };
}
