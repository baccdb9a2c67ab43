import { describe, expect, it } from 'vitest';
import { splitByWeights } from './reward-split.ts';

describe('splitByWeights (largest remainder)', () => {
  it('gives exact shares when they are whole', () => {
    expect(splitByWeights(100n, [1n, 3n])).toEqual([25n, 75n]);
  });

  it('hands what the floors leave to the largest remainders, ties to the earlier entry', () => {
    // 10 × 1/3 each: floors 3, 3, 3; one unit left, all remainders equal: the first.
    expect(splitByWeights(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    // 100 by 1:2:4 → 14.28, 28.57, 57.14: floors 14, 28, 57 leave 1, to the .57.
    expect(splitByWeights(100n, [1n, 2n, 4n])).toEqual([14n, 29n, 57n]);
  });

  it('always sums to the amount, over many splits', () => {
    let seed = 7n;
    const next = () => (seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n);
    for (let i = 0; i < 500; i++) {
      const amount = next() % 1_000_000_007n;
      const weights = Array.from({ length: Number(next() % 20n) + 1 }, () => next() % 1000n);
      const parts = splitByWeights(amount, weights);
      const total = weights.reduce((s, w) => s + w, 0n);
      expect(parts.reduce((s, p) => s + p, 0n)).toBe(total === 0n ? 0n : amount);
      parts.forEach((p, k) => {
        const exact = total === 0n ? 0n : (amount * (weights[k] as bigint)) / total;
        expect(p - exact === 0n || p - exact === 1n).toBe(true);
      });
    }
  });

  it('gives nothing to zero weights, and refuses negatives', () => {
    expect(splitByWeights(5n, [0n, 0n])).toEqual([0n, 0n]);
    expect(splitByWeights(5n, [0n, 2n])).toEqual([0n, 5n]);
    expect(() => splitByWeights(-1n, [1n])).toThrow('amount must not be negative');
    expect(() => splitByWeights(1n, [-1n])).toThrow('weights must not be negative');
  });
});
