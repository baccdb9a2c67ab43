import { describe, expect, it } from 'vitest';
import { locateSat } from './sat-flow.ts';

describe('locateSat (FIFO)', () => {
  // Inputs 600, 600, 10,000 (an inscription at offset 0 or 300) → outputs 1,200 | 10,000 | rest.
  const inputs = [600n, 600n, 10_000n];
  it.each<[string, bigint[], number, bigint, { vout: number; offset: bigint } | undefined]>([
    ['the first sat', [1_200n, 10_000n], 0, 0n, { vout: 0, offset: 0n }],
    ['the second input', [1_200n, 10_000n], 1, 599n, { vout: 0, offset: 1_199n }],
    ['the inscription behind two paddings', [1_200n, 10_000n], 2, 0n, { vout: 1, offset: 0n }],
    ['an offset absorbed by output 0', [1_500n, 9_700n], 2, 300n, { vout: 1, offset: 0n }],
    ['without padding it lands in output 0', [10_000n, 1_200n], 2, 0n, { vout: 0, offset: 1_200n }],
    ['a sat past the outputs goes to the fee', [1_000n], 2, 0n, undefined],
    ['an offset outside the input', [11_200n], 2, 10_000n, undefined],
    ['a missing input', [11_200n], 3, 0n, undefined],
  ])('%s', (_, outputs, input, offset, location) => {
    expect(locateSat(inputs, outputs, input, offset)).toEqual(location);
  });
});
