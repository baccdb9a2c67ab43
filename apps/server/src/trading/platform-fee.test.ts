import { describe, expect, it } from 'vitest';
import { listingMakerFee, platformFeeOutput } from './platform-fee.ts';

const FEE_ADDRESS = 'bcrt1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqvg32hk';

describe('listingMakerFee', () => {
  it.each<[string, bigint, Parameters<typeof listingMakerFee>[1], bigint]>([
    ['1% of the price', 50_000n, { feeBps: 100, isZeroFee: false, discounts: [] }, 500n],
    ['rounded down', 12_345n, { feeBps: 100, isZeroFee: false, discounts: [] }, 123n],
    [
      'nothing in a zero-fee collection',
      50_000n,
      { feeBps: 100, isZeroFee: true, discounts: [] },
      0n,
    ],
    [
      'the best discount off',
      50_000n,
      {
        feeBps: 100,
        isZeroFee: false,
        discounts: [
          { type: 'percentage', discount: 50, parameter: '', reason: '' },
          { type: 'fixed', discount: 400, parameter: '', reason: '' },
        ],
      },
      100n,
    ],
    [
      'never below zero',
      50_000n,
      {
        feeBps: 100,
        isZeroFee: false,
        discounts: [{ type: 'fixed', discount: 9_999, parameter: '', reason: '' }],
      },
      0n,
    ],
  ])('%s', (_, price, policy, fee) => {
    expect(listingMakerFee(price, policy)).toBe(fee);
  });
});

describe('platformFeeOutput', () => {
  it('pays the sum of the maker fees', () => {
    expect(platformFeeOutput(FEE_ADDRESS, [500n, 250n], 'regtest')).toEqual({
      address: FEE_ADDRESS,
      value: 750n,
    });
  });

  it.each<[string, string | undefined, bigint[]]>([
    ['no fees', FEE_ADDRESS, [0n, 0n]],
    ['below the dust limit of a taproot output (330)', FEE_ADDRESS, [329n]],
    ['no fee address', undefined, [1_000n]],
  ])('is left out with %s', (_, address, fees) => {
    expect(platformFeeOutput(address, fees, 'regtest')).toBeUndefined();
  });
});
