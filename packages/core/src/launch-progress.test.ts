import { describe, it, expect } from 'vitest';
import { launchProgress, remainingInscriptions, type RemainingInput } from './launch-progress.ts';

describe('remainingInscriptions', () => {
  const orderbook = [
    { status: 'broadcast', phase_id: 'p1' },
    { status: 'canceled', phase_id: 'p2' },
    { status: 'active', phase_id: 'p1' },
    { status: 'broadcast', phase_id: 'other' },
    { status: 'broadcast', phase_id: 7 },
  ];
  const base: RemainingInput = { total: 10, slug: 'frogs', phaseIds: ['p1', 'p2', '7'], orderbook };
  it.each<[string, Partial<RemainingInput>, number | null]>([
    ['counts broadcast and canceled in the phases', {}, 7],
    ['zero total', { total: 0 }, 0],
    ['negative total', { total: -5 }, 0],
    ['exempt slug', { exemptSlugs: ['frogs'] }, 0],
    ['failed order book', { orderbook: undefined }, null],
    ['never below zero', { total: 2 }, 0],
    ['no entries', { orderbook: [] }, 10],
  ])('%s → %s', (_name, input, remaining) => {
    expect(remainingInscriptions({ ...base, ...input })).toBe(remaining);
  });
});

describe('launchProgress', () => {
  it.each<[string, Parameters<typeof launchProgress>[0], ReturnType<typeof launchProgress>]>([
    [
      'half sold',
      { total: 100, remaining: 50 },
      { total: 100, sold: 50, remaining: 50, percent: 50 },
    ],
    [
      'two decimals',
      { total: 3, remaining: 2 },
      { total: 3, sold: 1, remaining: 2, percent: 33.33 },
    ],
    ['rounds', { total: 3, remaining: 1 }, { total: 3, sold: 2, remaining: 1, percent: 66.67 }],
    [
      'presold adds to total',
      { total: 100, remaining: 100, presold: 25 },
      { total: 125, sold: 25, remaining: 100, percent: 20 },
    ],
    [
      'override replaces remaining',
      { total: 100, remaining: 90, totalSoldOverride: 60 },
      { total: 100, sold: 60, remaining: 40, percent: 60 },
    ],
    [
      'override with unknown remaining',
      { total: 10, remaining: null, totalSoldOverride: 10 },
      { total: 10, sold: 10, remaining: 0, percent: 100 },
    ],
    [
      'override over total',
      { total: 10, remaining: 5, totalSoldOverride: 20 },
      { total: 10, sold: 10, remaining: 0, percent: 100 },
    ],
    ['zero total', { total: 0, remaining: 0 }, { total: 0, sold: 0, remaining: 0, percent: 0 }],
    ['failed calculation', { total: 10, remaining: null }, null],
  ])('%s', (_name, input, progress) => {
    expect(launchProgress(input)).toEqual(progress);
  });
});
