import { describe, expect, it } from 'vitest';
import { atDivisibility } from './runes-send.service.ts';

describe('atDivisibility', () => {
  it.each([
    [1250n, 2, '12.5'],
    [1200n, 2, '12'],
    [5n, 3, '0.005'],
    [0n, 2, '0'],
    [42n, 0, '42'],
    [340282366920938463463374607431768211455n, 38, '3.40282366920938463463374607431768211455'],
  ])('%s base units at divisibility %i is %s', (amount, divisibility, text) => {
    expect(atDivisibility(amount, divisibility)).toBe(text);
  });
});
