import { describe, it, expect } from 'vitest';
import {
  countPaddingUtxos,
  isPaddingUtxo,
  minimumSplitAmountSats,
  splitAmountError,
  splitOutputCount,
  withdrawalError,
} from './wallet-rules.ts';

describe('padding', () => {
  it.each([
    [546n, false],
    [600n, false],
    [601n, true],
    [10_000n, true],
  ])('%s sats is padding: %s', (value, padding) => {
    expect(isPaddingUtxo(value)).toBe(padding);
  });

  it('counts padding utxos', () => {
    expect(countPaddingUtxos([546n, 601n, 600n, 1_000n])).toBe(2);
  });
});

describe('withdrawalError', () => {
  it.each<[bigint, bigint, string | undefined]>([
    [1_000n, 1_000n, undefined],
    [999n, 1_000n, undefined],
    [1_001n, 1_000n, 'Withdrawal amount exceeds available balance'],
  ])('%s of %s → %s', (amount, available, message) => {
    expect(withdrawalError(amount, available)).toBe(message);
  });
});

describe('split', () => {
  it.each<[bigint, number | undefined, string | undefined]>([
    [39_999n, undefined, 'Please enter amount greater than or equal to 0.00040000 BTC.'],
    [40_000n, undefined, undefined],
    [79_999n, 8, 'Please enter amount greater than or equal to 0.00080000 BTC.'],
    [80_000n, 8, undefined],
  ])('%s sats into %s outputs → %s', (amount, outputs, message) => {
    expect(splitAmountError(amount, outputs)).toBe(message);
  });

  it.each([
    [0n, 4],
    [55_000n, 5],
    [1_000_000n, 10],
  ])('%s sats → %s outputs', (amount, outputs) => {
    expect(splitOutputCount(amount)).toBe(outputs);
  });

  it('never goes below the minimum output count', () => {
    expect(minimumSplitAmountSats(2)).toBe(40_000n);
  });
});
