import { describe, expect, it } from 'vitest';
import { createRng, pick, pickWeighted, randomInt } from './seeded-random.ts';

const draw = (seed: string, n = 5) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => rng());
};

describe('createRng', () => {
  it('draws the same numbers from the same seed, other numbers from another', () => {
    expect(draw('om-demo/v1')).toEqual(draw('om-demo/v1'));
    expect(draw('om-demo/v1')).not.toEqual(draw('om-demo/v2'));
    expect(draw('a')).not.toEqual(draw('b'));
  });

  it('stays within [0, 1) and spreads over it', () => {
    const values = draw('spread', 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });
});

describe('picking', () => {
  it('randomInt includes both bounds and nothing outside them', () => {
    const rng = createRng('ints');
    const seen = new Set(Array.from({ length: 500 }, () => randomInt(rng, 3, 6)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it('pickWeighted follows the weights and never picks a zero weight', () => {
    const rng = createRng('weights');
    const options = [
      { value: 'common', weight: 9 },
      { value: 'rare', weight: 1 },
      { value: 'never', weight: 0 },
    ];
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i += 1) {
      const { value } = pickWeighted(rng, options);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    expect(counts.get('never')).toBeUndefined();
    expect(counts.get('rare')).toBeGreaterThan(800);
    expect(counts.get('rare')).toBeLessThan(1200);
  });

  it('pick refuses an empty list', () => {
    expect(() => pick(createRng('x'), [])).toThrow(RangeError);
  });
});
