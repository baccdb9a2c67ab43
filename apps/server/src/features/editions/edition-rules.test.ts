import { describe, expect, it } from 'vitest';
import { mintRefusal, type MintWindow } from './edition-rules.ts';

const NOW = 1_800_000_000;
const open: MintWindow = {
  type: 'editions',
  status: 'active',
  remaining: 8,
  startDate: NOW - 60,
  endDate: NOW + 60,
};

describe('mintRefusal', () => {
  it.each<[string, Partial<MintWindow>, number, [string, string] | undefined]>([
    ['an open mint', {}, 2, undefined],
    ['the last editions exactly', {}, 8, undefined],
    ['a mint without end', { endDate: null }, 1, undefined],
    ['the first second', { startDate: NOW }, 1, undefined],
    [
      'a pre-inscribed launch',
      { type: 'psbt' },
      1,
      ['INVALID_INPUT', 'id: not an editions launch'],
    ],
    ['a launch not live', { status: 'failed' }, 1, ['CONFLICT', 'This launch is not live']],
    ['before the start', { startDate: NOW + 1 }, 1, ['CONFLICT', 'This mint has not started yet']],
    ['at the end', { endDate: NOW }, 1, ['CONFLICT', 'This mint has ended']],
    ['nothing left', { remaining: 0 }, 1, ['CONFLICT', 'Sold out']],
    ['more than left', {}, 9, ['CONFLICT', 'Only 8 left to mint']],
  ])('%s', (_, change, count, expected) => {
    const refusal = mintRefusal({ ...open, ...change }, count, NOW);
    expect(refusal && [refusal.code, refusal.message]).toEqual(expected);
  });
});
