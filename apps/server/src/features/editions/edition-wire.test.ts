import { EDITION_ORDER_STATUSES, INSCRIBE_ORDER_STATES } from '@om/core';
import { describe, expect, it } from 'vitest';
import type { EditionOrderView } from './edition-orders.queries.ts';
import { editionStatusOf, toEditionOrder } from './edition-wire.ts';

describe('editionStatusOf: the engine state on the edition wire (ADR 011, ADR 016)', () => {
  it.each([
    ['waiting-payment', null, 'awaiting_payment'],
    ['payment-seen', null, 'paid'],
    ['payment-confirmed', null, 'paid'],
    ['inscribing', null, 'inscribed'],
    ['completed', null, 'inscribed'],
    ['expired', null, 'expired'],
    // A late payment to an expired order is sent back: "to be refunded", not "no payment".
    ['expired', 'expired', 'refund_due'],
    ['underpaid', 'underpaid', 'refund_due'],
    ['refunding', 'underpaid', 'refunding'],
    ['refunding', 'expired', 'refunding'],
    ['refunded', 'underpaid', 'refunded'],
    ['error', null, 'refund_due'],
  ] as const)('%s (refund reason %s) reads %s', (state, reason, status) => {
    expect(editionStatusOf(state, reason)).toBe(status);
  });

  it('maps every engine state to a status the web knows', () => {
    for (const state of INSCRIBE_ORDER_STATES) {
      expect(EDITION_ORDER_STATUSES).toContain(editionStatusOf(state, null));
    }
  });
});

describe('toEditionOrder', () => {
  const reveal = 'b'.repeat(64);
  const row: EditionOrderView = {
    id: '00000000-0000-4000-8000-000000000001',
    launchpadId: '00000000-0000-4000-8000-000000000002',
    userId: '00000000-0000-4000-8000-000000000003',
    mintCount: 2,
    takerOrdinalAddress: 'bcrt1p-taker',
    takerPaymentAddress: 'bcrt1q-payer',
    unitPrice: 50000n,
    platformFee: 1000n,
    networkFee: 400n,
    maxFeeRate: 10,
    revealOutputs: [],
    psbt: '',
    layout: { inputs: [], payIndex: 0, changeIndex: undefined },
    createdAt: new Date(0),
    state: 'inscribing',
    chargeAddress: 'bcrt1p-charge',
    amount: 102492n,
    feeRate: 2,
    expiresAt: new Date('2026-01-01T00:00:00Z'),
    paymentTxid: 'a'.repeat(64),
    commitTxid: 'a'.repeat(64),
    revealTxid: reveal,
    refundTxid: null,
    refundReason: null,
  };

  it('names each edition of the reveal once it is journalled', () => {
    expect(toEditionOrder(row)).toEqual({
      orderId: row.id,
      launchpadId: row.launchpadId,
      status: 'inscribed',
      mintCount: 2,
      chargeAddress: 'bcrt1p-charge',
      amount: '102492',
      takerOrdinalAddress: 'bcrt1p-taker',
      commitTxId: 'a'.repeat(64),
      revealTxId: reveal,
      inscriptionIds: [`${reveal}i0`, `${reveal}i1`],
      refundTxId: null,
      expiresAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('names none before', () => {
    const unpaid: EditionOrderView = {
      ...row,
      state: 'waiting-payment',
      commitTxid: null,
      revealTxid: null,
    };
    expect(toEditionOrder(unpaid)).toMatchObject({
      status: 'awaiting_payment',
      inscriptionIds: [],
    });
  });
});
