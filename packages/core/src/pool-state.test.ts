import { describe, it, expect } from 'vitest';
import {
  canToggleCountdown,
  isPoolWinner,
  payoutCycleProgress,
  poolCountdownText,
  poolState,
  proportionatePayout,
  type CountdownMode,
  type PoolBlocks,
} from './pool-state.ts';

const pool = (
  startBlock: number,
  endBlock: number,
  winners: { address: string }[] = [],
): PoolBlocks => ({
  startBlock,
  endBlock,
  winners,
});

describe('poolState', () => {
  it.each<[PoolBlocks, number | undefined, string]>([
    [pool(-1, 200), 100, 'pending'],
    [pool(50, 200), undefined, 'pending'],
    [pool(150, 200), 100, 'upcoming'],
    [pool(50, 100), 100, 'ended'],
    [pool(50, 200), 100, 'live'],
    [pool(50, -1), 100, 'live'],
    [pool(100, 101), 100, 'live'],
    [pool(50, 200, [{ address: 'bc1q' }]), 100, 'ended'],
    [pool(50, -1, [{ address: 'bc1q' }]), 100, 'ended'],
  ])('%j at %s → %s', (p, tip, state) => {
    expect(poolState(p, tip)).toBe(state);
  });

  it.each([
    ['live', true],
    ['upcoming', true],
    ['ended', false],
    ['drawn', false],
  ] as const)('%s can toggle: %s', (state, can) => {
    expect(canToggleCountdown(state)).toBe(can);
  });
});

describe('poolCountdownText', () => {
  it.each<[PoolBlocks, number | undefined, CountdownMode, string]>([
    [pool(-1, 200), 100, 'time', 'Pending'],
    [pool(106, 300), 100, 'time', 'Coming in 1h'],
    [pool(106, 300), 100, 'blocks', 'Coming in 6 blocks'],
    [pool(50, -1), 100, 'time', 'Open Ended'],
    [pool(50, 244), 100, 'time', '1d'],
    [pool(50, 103), 100, 'time', '30m'],
    [pool(50, 101), 100, 'blocks', '1 block'],
    [pool(50, 100), 120, 'time', 'Ended at block 100'],
    [pool(50, 200, [{ address: 'a' }]), 120, 'blocks', 'Ended at block 200'],
  ])('%j at %s (%s) → %s', (p, tip, mode, text) => {
    expect(poolCountdownText(p, tip, mode)).toBe(text);
  });
});

describe('proportionatePayout', () => {
  it.each<[bigint, bigint, bigint, bigint]>([
    [100_000n, 25n, 100n, 25_000n],
    [100_000n, 1n, 3n, 33_333n],
    [21_000_000_00000000n, 1n, 2n, 10_500_000_00000000n],
    [100_000n, 0n, 100n, 0n],
    [100_000n, 10n, 0n, 0n],
  ])('%s × %s / %s → %s', (amount, points, total, payout) => {
    expect(proportionatePayout(amount, points, total)).toBe(payout);
  });
});

describe('winners and payout cycle', () => {
  it.each([
    ['bc1qme', true],
    ['bc1qyou', false],
  ])('%s wins: %s', (address, wins) => {
    expect(isPoolWinner([{ address: 'bc1qme' }], address)).toBe(wins);
  });

  it.each([
    [144 * 100, { blocksDone: 0, blocksLeft: 144, percent: 0 }],
    [144 * 100 + 72, { blocksDone: 72, blocksLeft: 72, percent: 50 }],
  ])('block %s', (block, progress) => {
    expect(payoutCycleProgress(block)).toEqual(progress);
  });
});
