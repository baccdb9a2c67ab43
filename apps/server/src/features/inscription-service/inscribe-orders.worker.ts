import type { AppDeps } from '../../app-deps.ts';
import { startChainWorker } from '../../chain/chain-worker.ts';
import { kindOf, type OrderKinds } from './inscribe-kinds.ts';
import {
  completedNotIndexed,
  moveOrder,
  ordersToWatch,
  reopenCompleted,
  type InscribeOrder,
} from './inscribe-orders.queries.ts';
import { refundOrder } from './inscribe-refund.ts';

// The inscription service's state machine (ADR 016), one pass per order on the chain
// workers' schedule (start, every block and mempool change, 30 s). Every move is conditional on
// the state it leaves, so passes in several processes and the /pay route race safely:
//   waiting-payment → payment-seen (paid in full, in the mempool) → payment-confirmed (mined) →
//   inscribing (commit and reveals journalled, then broadcast) → completed (every reveal mined);
//   paid too little → underpaid → refunding → refunded; paid after expiry → expired → refunding;
//   a payment that disappears (a reorg's double spend) → waiting-payment again, or expired;
//   completed, then a reveal reorged out of the chain → inscribing again (and on from there).
// The kinds (inscribe-kinds.ts) differ in what pays in full, when they reveal (an edition as soon
// as its payment is seen), what they build and how they refund; an edition's editions are held
// by its state (the trigger of migration 0021), whoever moves it.

export function startInscribeWorker(deps: AppDeps, kinds: OrderKinds): () => Promise<void> {
  return startChainWorker(deps, 'inscription service', () => watchInscribeOrders(deps, kinds));
}

/** One pass over the orders not final. */
export async function watchInscribeOrders(deps: AppDeps, kinds: OrderKinds): Promise<void> {
  for (const order of await ordersToWatch(deps.db)) {
    await stepOrder(deps, kinds, order).catch((err: unknown) =>
      deps.log.error({ err, orderId: order.id }, 'inscription service: an order failed'),
    );
  }
  for (const order of await completedNotIndexed(deps.db)) {
    await reopenIfUnmined(deps, kinds, order).catch((err: unknown) =>
      deps.log.error({ err, orderId: order.id }, 'inscription service: a reopen failed'),
    );
  }
}

/**
 * A completed order whose reveal the node no longer has in a block (a reorg): inscribing again,
 * its journal open, so it completes when mined again or waits for a payment when its payer
 * double spent it. Completed thus means what our index shows, not what a dropped block said.
 */
async function reopenIfUnmined(
  deps: AppDeps,
  kinds: OrderKinds,
  order: InscribeOrder,
): Promise<void> {
  for (const txid of await kindOf(kinds, order).revealTxids(deps, order)) {
    const status = txid ? await deps.chain.source.txStatus(txid) : null;
    if (!status?.confirmed) {
      await reopenCompleted(deps.db, order.id);
      return;
    }
  }
}

async function stepOrder(deps: AppDeps, kinds: OrderKinds, order: InscribeOrder): Promise<void> {
  switch (order.state) {
    case 'waiting-payment':
    case 'expired':
      return watchPayment(deps, kinds, order);
    case 'payment-seen':
    case 'payment-confirmed':
      return confirmPayment(deps, kinds, order);
    case 'inscribing':
      return watchReveals(deps, kinds, order);
    case 'underpaid':
    case 'refunding':
      return refundOrder(deps, kindOf(kinds, order), order);
    default:
      return;
  }
}

const isLate = (order: InscribeOrder) => order.expiresAt.getTime() <= Date.now();

/** The charge address seen paid (or not): the move from waiting for a payment, or an expiry. */
async function watchPayment(deps: AppDeps, kinds: OrderKinds, order: InscribeOrder): Promise<void> {
  const coins = await deps.chain.source.addressUtxos(order.chargeAddress);
  const [first] = coins;
  if (!first) {
    if (order.state === 'waiting-payment' && isLate(order)) {
      await moveOrder(deps.db, order.id, ['waiting-payment'], 'expired');
    }
    return;
  }
  const paid = { paymentTxid: first.txid };
  if (order.state === 'expired' || isLate(order)) {
    const moved = await moveOrder(deps.db, order.id, ['waiting-payment', 'expired'], 'expired', {
      ...paid,
      refundReason: 'expired',
    });
    if (moved)
      await refundOrder(deps, kindOf(kinds, order), { ...order, state: 'expired', ...paid });
    return;
  }
  if (!kindOf(kinds, order).isPaidInFull(coins, order.amount)) {
    const moved = await moveOrder(deps.db, order.id, ['waiting-payment'], 'underpaid', {
      ...paid,
      refundReason: 'underpaid',
    });
    if (moved)
      await refundOrder(deps, kindOf(kinds, order), { ...order, state: 'underpaid', ...paid });
    return;
  }
  if (await moveOrder(deps.db, order.id, ['waiting-payment'], 'payment-seen', paid)) {
    await confirmPayment(deps, kinds, { ...order, state: 'payment-seen', ...paid });
  }
}

/**
 * Seen → confirmed once every coin is mined (and back on a reorg), then the inscribing; a kind
 * that reveals on sight inscribes from 'payment-seen' at once.
 */
async function confirmPayment(
  deps: AppDeps,
  kinds: OrderKinds,
  order: InscribeOrder,
): Promise<void> {
  const { db, chain } = deps;
  const kind = kindOf(kinds, order);
  const coins = await chain.source.addressUtxos(order.chargeAddress);
  if (coins.length === 0) {
    const isGone = !order.paymentTxid || (await chain.source.txStatus(order.paymentTxid)) === null;
    if (isGone) {
      await moveOrder(db, order.id, [order.state], isLate(order) ? 'expired' : 'waiting-payment', {
        paymentTxid: null,
      });
    }
    return;
  }
  if (kind.revealsUnconfirmed) return kind.inscribe(deps, order, coins);
  if (coins.some((c) => !c.status.confirmed)) {
    if (order.state === 'payment-confirmed') {
      await moveOrder(db, order.id, ['payment-confirmed'], 'payment-seen');
    }
    return;
  }
  if (order.state === 'payment-seen') {
    if (!(await moveOrder(db, order.id, ['payment-seen'], 'payment-confirmed'))) return;
  }
  await kind.inscribe(deps, { ...order, state: 'payment-confirmed' }, coins);
}

/** Completed once every reveal is mined. */
async function watchReveals(deps: AppDeps, kinds: OrderKinds, order: InscribeOrder): Promise<void> {
  const txids = await kindOf(kinds, order).revealTxids(deps, order);
  if (txids.length === 0) return;
  for (const txid of txids) {
    if (!txid) return;
    const status = await deps.chain.source.txStatus(txid);
    if (!status?.confirmed) return;
  }
  await moveOrder(deps.db, order.id, ['inscribing'], 'completed');
}
