import { describe, expect, it } from 'vitest';
import { chunks } from './chunks.ts';

describe('chunks', () => {
  it('splits in order, the last chunk shorter, nothing for nothing', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(chunks([], 3)).toEqual([]);
  });

  it('refuses a size that would never advance', () => {
    expect(() => chunks([1], 0)).toThrow(RangeError);
    expect(() => chunks([1], 1.5)).toThrow(RangeError);
  });
});
