import { describe, expect, it } from 'vitest';
import { orderedFees } from './chain-source.ts';
import { rejectReason } from './esplora-chain-source.ts';
import { btcPerKvbToSatPerVb } from './local-chain-source.ts';

describe('orderedFees', () => {
  it.each([
    {
      name: 'empty estimates become the 1 sat/vB floor',
      rates: [0, 0, 0, 0, 0],
      fees: [1, 1, 1, 1, 1],
    },
    { name: 'ordered rates stay as they are', rates: [20, 12, 8, 3, 2], fees: [20, 12, 8, 3, 2] },
    {
      name: 'a faster tier is never cheaper than a slower one',
      rates: [5, 9, 3, 4, 1],
      fees: [9, 9, 4, 4, 1],
    },
    { name: 'nothing is below the minimum', rates: [2, 2, 2, 2, 3], fees: [3, 3, 3, 3, 3] },
  ])('$name', ({ rates, fees }) => {
    const [fastestFee, halfHourFee, hourFee, economyFee, minimumFee] = rates as [
      number,
      number,
      number,
      number,
      number,
    ];
    const result = orderedFees({ fastestFee, halfHourFee, hourFee, economyFee, minimumFee });
    expect(Object.values(result)).toEqual(fees);
  });
});

describe('btcPerKvbToSatPerVb', () => {
  it.each([
    [0.00001, 1],
    [0.000001, 1],
    [0.00012345, 13],
    [0.0002, 20],
    [0.00100001, 101],
  ])('%f BTC/kvB is %i sat/vB (rounded up)', (btc, sats) => {
    expect(btcPerKvbToSatPerVb(btc)).toBe(sats);
  });
});

describe('rejectReason', () => {
  it.each([
    [
      'sendrawtransaction RPC error: {"code":-26,"message":"min relay fee not met, 100 < 141"}',
      'min relay fee not met, 100 < 141',
    ],
    [
      'sendrawtransaction RPC error: {"code":-25,"message":"bad-txns-inputs-missingorspent"}\n',
      'bad-txns-inputs-missingorspent',
    ],
    ['sendrawtransaction RPC error: {not json}', 'sendrawtransaction RPC error: {not json}'],
    [
      'non-mandatory-script-verify-flag (Invalid Schnorr signature)',
      'non-mandatory-script-verify-flag (Invalid Schnorr signature)',
    ],
    ['  ', 'no reason given'],
  ])('%j → %j', (body, reason) => {
    expect(rejectReason(body)).toBe(reason);
  });
});
