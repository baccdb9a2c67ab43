import { describe, it, expect } from 'vitest';
import * as t from './timing.ts';

describe('timing constants of the spec', () => {
  it.each<[string, number, number]>([
    ['name check', t.NAME_CHECK_DEBOUNCE_MS, 500],
    ['slug check', t.SLUG_CHECK_DEBOUNCE_MS, 1000],
    ['inscription id check', t.INSCRIPTION_ID_CHECK_DEBOUNCE_MS, 500],
    ['X check', t.X_HANDLE_CHECK_DEBOUNCE_MS, 500],
    ['inscription list', t.INSCRIPTION_LIST_DEBOUNCE_MS, 1000],
    ['launchpad status poll', t.LAUNCHPAD_STATUS_POLL_MS, 8000],
    ['swap info poll', t.SWAP_POOL_INFO_POLL_MS, 7000],
    ['BRC-20 order poll', t.BRC20_ORDER_POLL_MS, 5000],
    ['external order poll', t.EXTERNAL_ORDER_POLL_MS, 20000],
    ['payment address timeout', t.ORDER_PAYMENT_ADDRESS_TIMEOUT_MS, 300000],
    ['multisig balance poll', t.MULTISIG_BALANCE_POLL_MS, 60000],
    ['multisig transactions poll', t.MULTISIG_TRANSACTIONS_POLL_MS, 600000],
    ['toast', t.TOAST_DURATION_MS, 3000],
    ['auction submitted delay', t.AUCTION_SUBMITTED_SCREEN_DELAY_MS, 2000],
    ['sidebar cookie', t.SIDEBAR_COOKIE_MAX_AGE_SECONDS, 604800],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('retryDelay', () => {
  it.each([
    [0, 0],
    [1, 1000],
    [3, 1000],
    [4, undefined],
  ])('attempt %s → %s', (attempt, delay) => {
    expect(t.retryDelay(attempt)).toBe(delay);
  });
});

describe('hasTimedOut', () => {
  it.each([
    [0, 299_999, false],
    [0, 300_000, true],
  ])('%s → %s: %s', (start, now, expected) => {
    expect(t.hasTimedOut(start, now)).toBe(expected);
  });
});
