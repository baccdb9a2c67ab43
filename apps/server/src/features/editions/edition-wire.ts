import type { EditionOrder, EditionOrderStatus, InscribeOrderState } from '@om/core';
import type { RefundReason } from '../inscription-service/inscribe-orders.queries.ts';
import type { EditionOrderView } from './edition-orders.queries.ts';

// An edition order as the web reads it (EditionOrder of @om/core): the wire is ADR 011's, the
// order the engine's (ADR 016).

/**
 * An edition order's status on the wire (EditionOrder.status, unchanged since ADR 011) from its
 * engine state (ADR 016). An expired order a late payment reached is 'refund_due' (the web says
 * "it is to be refunded"); plain 'expired' says no payment came and the editions went back. An
 * order in error (a payment too small to send back) reads as to refund too: its coins are there.
 */
export function editionStatusOf(
  state: InscribeOrderState,
  refundReason: RefundReason | null,
): EditionOrderStatus {
  switch (state) {
    case 'waiting-payment':
      return 'awaiting_payment';
    case 'payment-seen':
    case 'payment-confirmed':
      return 'paid';
    case 'inscribing':
    case 'completed':
      return 'inscribed';
    case 'expired':
      return refundReason === 'expired' ? 'refund_due' : 'expired';
    case 'underpaid':
    case 'error':
      return 'refund_due';
    case 'refunding':
      return 'refunding';
    case 'refunded':
      return 'refunded';
  }
}

/** The wire form of an order; its inscription ids once its reveal is journalled. */
export function toEditionOrder(order: EditionOrderView): EditionOrder {
  const reveal = order.revealTxid;
  return {
    orderId: order.id,
    launchpadId: order.launchpadId,
    status: editionStatusOf(order.state, order.refundReason),
    mintCount: order.mintCount,
    chargeAddress: order.chargeAddress,
    amount: order.amount.toString(),
    takerOrdinalAddress: order.takerOrdinalAddress,
    commitTxId: order.commitTxid,
    revealTxId: reveal,
    inscriptionIds: reveal
      ? Array.from({ length: order.mintCount }, (_, i) => `${reveal}i${i}`)
      : [],
    refundTxId: order.refundTxid,
    expiresAt: order.expiresAt.toISOString(),
  };
}
