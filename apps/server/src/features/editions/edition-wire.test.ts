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
    launchpad_id: '00000000-0000-4000-8000-000000000002',
    user_id: '00000000-0000-4000-8000-000000000003',
    mint_count: 2,
    taker_ordinal_address: 'bcrt1p-taker',
    taker_payment_address: 'bcrt1q-payer',
    unit_price: '50000',
    platform_fee: '1000',
    network_fee: '400',
    max_fee_rate: '10',
    reveal_outputs: [],
    psbt: '',
    layout: {},
    created_at: new Date(0),
    state: 'inscribing',
    charge_address: 'bcrt1p-charge',
    amount: '102492',
    fee_rate: '2',
    expires_at: new Date('2026-01-01T00:00:00Z'),
    payment_txid: 'a'.repeat(64),
    commit_txid: 'a'.repeat(64),
    reveal_txid: reveal,
    refund_txid: null,
    refund_reason: null,
  };

  it('names each edition of the reveal once it is journalled', () => {
    expect(toEditionOrder(row)).toEqual({
      orderId: row.id,
      launchpadId: row.launchpad_id,
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
    const unpaid = { ...row, state: 'waiting-payment', commit_txid: null, reveal_txid: null };
    expect(toEditionOrder(unpaid as EditionOrderView)).toMatchObject({
      status: 'awaiting_payment',
      inscriptionIds: [],
    });
  });
});
