// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { purchasePlatformFeeNote } from './platform-fee-rule.ts';
import { NETWORK, PLATFORM } from '../../test/trade-test-fixtures.ts';

// product.md#walk-through-fixes item 20: one platform-fee rule, stated where the buyer reads the
// purchase. PLATFORM's taproot address has a 330-sat dust limit: 1% of 10,000 sats (100 sats)
// cannot be paid.

describe('purchasePlatformFeeNote', () => {
  const context = {
    price: 50_000n,
    platformFee: 500n,
    feeBps: 100,
    platformFeeAddress: PLATFORM.address,
    network: NETWORK,
  };

  it.each([
    ['a fee in the PSBT', {}, 'Paid by the seller out of the price: not part of your total.'],
    [
      '1% under the fee output’s dust limit',
      { price: 10_000n, platformFee: 0n },
      'None: 1% of the price is 100 sats, less than 330 sats, the smallest output the fee address can receive, so it is waived.',
    ],
    [
      'none on a price whose 1% is above dust (a zero-fee collection or a discount)',
      { platformFee: 0n },
      'None: this collection charges no platform fee.',
    ],
    [
      'a market of 0 bps',
      { feeBps: 0, platformFee: 0n },
      'None: this market charges no platform fee.',
    ],
    [
      'no fee address configured',
      { platformFeeAddress: '', platformFee: 0n },
      'None: this market charges no platform fee.',
    ],
  ])('%s', (_, change, note) => {
    expect(purchasePlatformFeeNote({ ...context, ...change })).toBe(note);
  });
});
