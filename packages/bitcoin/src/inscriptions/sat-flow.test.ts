import { describe, expect, it } from 'vitest';
import { flowToOutputs } from './sat-flow.ts';

const outputs = (...values: bigint[]) => values.map((value) => ({ value }));

describe('flowToOutputs', () => {
  it.each([
    {
      name: 'each offset lands in the output covering it',
      offsets: [0n, 9n, 10n, 25n],
      values: [10n, 20n],
      placed: [
        [0, 0n],
        [0, 9n],
        [1, 0n],
        [1, 15n],
      ],
      leftover: [],
    },
    {
      name: 'a zero-value output holds nothing',
      offsets: [0n],
      values: [0n, 5n],
      placed: [[1, 0n]],
      leftover: [],
    },
    {
      name: 'offsets at or past the total output are left over (fees)',
      offsets: [4n, 5n, 100n],
      values: [5n],
      placed: [[0, 4n]],
      leftover: [5n, 100n],
    },
    { name: 'no outputs', offsets: [0n], values: [], placed: [], leftover: [0n] },
  ])('$name', ({ offsets, values, placed, leftover }) => {
    const flow = flowToOutputs(
      offsets.map((offset) => ({ offset })),
      outputs(...values),
    );
    expect(flow.placed.map(({ vout, offset }) => [vout, offset])).toEqual(placed);
    expect(flow.leftover.map(({ offset }) => offset)).toEqual(leftover);
    expect(flow.totalOutput).toBe(values.reduce((sum, value) => sum + value, 0n));
  });
});
