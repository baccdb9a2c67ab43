// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { editionOrder, inscribedOrder } from './edition-mint-fixtures.ts';
import { isOrderSettled } from './edition-mint.queries.ts';

// The order is polled every 5 s until nothing will change it any more.

const order = inscribedOrder(editionOrder(), 'c0'.repeat(32));

describe('isOrderSettled', () => {
  it.each([
    ['not loaded yet', undefined, false],
    ['awaiting payment', { ...order, status: 'awaiting_payment' as const }, false],
    ['paid, being inscribed', { ...order, status: 'paid' as const }, false],
    ['inscribed, reveal not known yet', { ...order, revealTxId: null }, false],
    ['inscribed with its reveal', order, true],
    ['expired', { ...order, status: 'expired' as const }, true],
    ['to refund', { ...order, status: 'refund_due' as const }, false],
    ['being refunded', { ...order, status: 'refunding' as const }, false],
    ['refunded', { ...order, status: 'refunded' as const }, true],
  ])('%s', (_case, value, expected) => {
    expect(isOrderSettled(value)).toBe(expected);
  });
});
