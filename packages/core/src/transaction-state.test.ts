import { describe, it, expect } from 'vitest';
import {
  confirmations,
  isTradePending,
  tradeState,
  txDisplayState,
  type TrackedTx,
} from './transaction-state.ts';

describe('tradeState', () => {
  it.each<[string, boolean | undefined, string | null]>([
    ['initiated', false, 'pending'],
    ['mempool', undefined, 'pending'],
    ['sniped', false, 'pending-sniped'],
    ['sniped', true, 'completed-sniped'],
    ['confirmed', true, 'completed'],
    ['canceled', false, null],
    ['something-else', false, null],
  ])('%s (finalized %s) → %s', (status, finalized, state) => {
    expect(tradeState({ trade_status: status, finalized })).toBe(state);
  });

  it.each([
    ['pending', true],
    ['pending-sniped', true],
    ['completed', false],
    [null, false],
  ] as const)('%s pending: %s', (state, pending) => {
    expect(isTradePending(state)).toBe(pending);
  });
});

describe('confirmations', () => {
  it.each<[number | undefined, number | null | undefined, number]>([
    [100, null, 0],
    [100, undefined, 0],
    [undefined, 90, 0],
    [100, 100, 1],
    [100, 99, 1],
    [100, 90, 10],
    [99, 100, 0],
  ])('tip %s, block %s → %s', (tip, height, n) => {
    expect(confirmations(tip, height)).toBe(n);
  });
});

describe('txDisplayState', () => {
  const mined = (height: number): TrackedTx => ({
    status: { confirmed: true, block_height: height },
  });
  it.each<[TrackedTx | null, number, number, object]>([
    [null, 100, 1, { kind: 'not-found', text: 'No transaction found' }],
    [
      { status: { confirmed: false } },
      100,
      1,
      { kind: 'pending', confirmations: 0, text: '0 confirmations' },
    ],
    [mined(100), 100, 1, { kind: 'confirmed', confirmations: 1, text: 'Confirmed' }],
    [mined(99), 100, 3, { kind: 'pending', confirmations: 1, text: '1 confirmation' }],
    [mined(98), 100, 3, { kind: 'pending', confirmations: 2, text: '2 confirmations' }],
    [mined(90), 100, 3, { kind: 'confirmed', confirmations: 10, text: 'Confirmed' }],
  ])('%j at tip %s needing %s', (tx, tip, required, display) => {
    expect(txDisplayState(tx, tip, required)).toEqual(display);
  });
});
