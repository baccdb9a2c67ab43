import { satsToBtc, type InscribeOrderState } from '@om/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { notify } from '../notifications/notifications.service.ts';
import { orderNotice } from './inscribe-notifications.queries.ts';

/**
 * The states an order's buyer hears of (ADR 018): its inscriptions are mined, or it is refunded.
 */
export const NOTIFIED_STATES: readonly InscribeOrderState[] = ['completed', 'refunded'];

/**
 * What an inscription order's end tells its buyer (ADR 018), in the transaction that moves it:
 * a BRC-20 mint or an edition inscribed and mined, or the refund mined. Keyed per order and state.
 */
export async function notifyInscribeOrder(
  db: Transaction<Database>,
  id: string,
  state: InscribeOrderState,
): Promise<void> {
  const order = await orderNotice(db, id);
  if (!order) return;
  const to = [order.receiveAddress, order.refundAddress, order.takerPaymentAddress].filter(
    (a): a is string => a !== null,
  );
  if (state === 'refunded') {
    const why =
      order.refundReason === 'expired'
        ? 'it expired before it was paid in full'
        : 'it was underpaid';
    await notify(db, {
      to,
      type: 'order_refunded',
      title: 'Your order was refunded',
      body: `${satsToBtc(order.refundAmount ?? 0n)} BTC went back to you: ${why}.`,
      payload: {
        orderId: id,
        txid: order.refundTxid,
        amountSats: (order.refundAmount ?? 0n).toString(),
      },
      dedupeKey: `order_refunded:${id}`,
    });
    return;
  }
  const common = { to, payload: { orderId: id }, dedupeKey: `order_completed:${id}` };
  if (order.orderType === 'brc20') {
    const tick = order.brc20Tick ?? '';
    await notify(db, {
      ...common,
      type: 'brc20_mint_completed',
      title: 'Your BRC-20 mint is inscribed',
      body: `${order.fileCount === 1 ? 'Your mint' : `Your ${order.fileCount} mints`} of ${order.brc20Amt} ${tick} ${order.fileCount === 1 ? 'is' : 'are'} inscribed to your address and confirmed.`,
      payload: { orderId: id, link: `/brc20/${encodeURIComponent(tick)}` },
    });
  } else if (order.orderType === 'edition') {
    const inscriptionId = `${order.revealTxid}i0`;
    await notify(db, {
      ...common,
      type: 'edition_completed',
      title: 'Your editions are inscribed',
      body: `${order.mintCount === 1 ? 'Your edition' : `Your ${order.mintCount} editions`} of ${order.slug ?? 'the launch'} ${order.mintCount === 1 ? 'is' : 'are'} inscribed to your address and confirmed.`,
      payload: { orderId: id, inscriptionId, link: `/inscriptions/${inscriptionId}` },
    });
  } else {
    await notify(db, {
      ...common,
      type: 'inscribe_completed',
      title: 'Your inscriptions are inscribed',
      body: 'Every file of your order is inscribed to your address and confirmed.',
    });
  }
}
