import { describe, it, expect } from 'vitest';
import { applyDiscount, discountAmount, DiscountSchema, type Discount } from './discount.ts';

describe('applyDiscount', () => {
  it.each<[bigint, Pick<Discount, 'type' | 'discount'> | null, bigint]>([
    [100_000n, null, 100_000n],
    [100_000n, { type: 'percentage', discount: 10 }, 90_000n],
    [100_000n, { type: 'percentage', discount: 12.5 }, 87_500n],
    [999n, { type: 'percentage', discount: 50 }, 500n],
    [100_000n, { type: 'percentage', discount: 100 }, 0n],
    [100_000n, { type: 'percentage', discount: 150 }, 0n],
    [100_000n, { type: 'fixed', discount: 2_500 }, 97_500n],
    [1_000n, { type: 'fixed', discount: 5_000 }, 0n],
    [1_000n, { type: 'fixed', discount: 0 }, 1_000n],
  ])('%s with %j → %s', (price, discount, result) => {
    expect(applyDiscount(price, discount)).toBe(result);
  });

  it('reports the amount off', () => {
    expect(discountAmount(999n, { type: 'percentage', discount: 50 })).toBe(499n);
  });
});

describe('DiscountSchema', () => {
  it.each<[unknown, string[]]>([
    [{ type: 'percentage', discount: 20, parameter: 'holder', reason: 'Holders' }, []],
    [{ type: 'fixed', discount: 1000 }, []],
    [{ type: 'percentage', discount: 101 }, ['A percentage discount cannot exceed 100.']],
    [{ type: 'bogus', discount: 1 }, ['Invalid option: expected one of "percentage"|"fixed"']],
  ])('%j', (input, messages) => {
    expect((DiscountSchema.safeParse(input).error?.issues ?? []).map((i) => i.message)).toEqual(
      messages,
    );
  });
});
