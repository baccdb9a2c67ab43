import { satsToBtc, type InscribeOrderState } from '@om/core';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { InscribeTables } from '../../db/inscribe.tables.ts';
import { notify } from '../notifications/notifications.service.ts';

type Tables = Database & InscribeTables;

/**
 * The states an order's buyer hears of (ADR 018): its inscriptions are mined, or it is refunded.
 */
export const NOTIFIED_STATES: readonly InscribeOrderState[] = ['completed', 'refunded'];

/**
 * What an inscription order's end tells its buyer (ADR 018), in the transaction that moves it:
 * a BRC-20 mint or an edition inscribed and mined, or the refund mined. Keyed per order and state.
 */
export async function notifyInscribeOrder(
  trx: Transaction<Tables>,
  id: string,
  state: InscribeOrderState,
): Promise<void> {
  const order = await trx
    .selectFrom('inscribe_orders as o')
    .leftJoin('edition_orders as e', 'e.id', 'o.id')
    .leftJoin('launchpads as l', 'l.id', 'e.launchpad_id')
    .select([
      'o.order_type',
      'o.receive_address',
      'o.refund_address',
      'o.brc20_tick',
      'o.brc20_amt',
      'o.file_count',
      'o.reveal_txid',
      'o.refund_txid',
      'o.refund_amount',
      'o.refund_reason',
      'e.taker_payment_address',
      'e.mint_count',
      'l.slug',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!order) return;
  const db = trx as unknown as Transaction<Database>;
  const to = [order.receive_address, order.refund_address, order.taker_payment_address].filter(
    (a): a is string => a !== null,
  );
  if (state === 'refunded') {
    const why =
      order.refund_reason === 'expired'
        ? 'it expired before it was paid in full'
        : 'it was underpaid';
    await notify(db, {
      to,
      type: 'order_refunded',
      title: 'Your order was refunded',
      body: `${satsToBtc(BigInt(order.refund_amount ?? 0))} BTC went back to you: ${why}.`,
      payload: { orderId: id, txid: order.refund_txid, amountSats: order.refund_amount ?? '0' },
      dedupeKey: `order_refunded:${id}`,
    });
    return;
  }
  const common = { to, payload: { orderId: id }, dedupeKey: `order_completed:${id}` };
  if (order.order_type === 'brc20') {
    const tick = order.brc20_tick ?? '';
    await notify(db, {
      ...common,
      type: 'brc20_mint_completed',
      title: 'Your BRC-20 mint is inscribed',
      body: `${order.file_count === 1 ? 'Your mint' : `Your ${order.file_count} mints`} of ${order.brc20_amt} ${tick} ${order.file_count === 1 ? 'is' : 'are'} inscribed to your address and confirmed.`,
      payload: { orderId: id, link: `/brc20/${encodeURIComponent(tick)}` },
    });
  } else if (order.order_type === 'edition') {
    const inscriptionId = `${order.reveal_txid}i0`;
    await notify(db, {
      ...common,
      type: 'edition_completed',
      title: 'Your editions are inscribed',
      body: `${order.mint_count === 1 ? 'Your edition' : `Your ${order.mint_count} editions`} of ${order.slug ?? 'the launch'} ${order.mint_count === 1 ? 'is' : 'are'} inscribed to your address and confirmed.`,
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
