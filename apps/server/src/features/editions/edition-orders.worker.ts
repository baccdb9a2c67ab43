import type { AppDeps } from '../../app.ts';
import type { EditionOrderRow } from '../../db/database.ts';
import { broadcastInOrder, testMempoolAccept } from '../listings/broadcast.ts';
import {
  expireOverdue,
  markExpiredRefundDue,
  markInscribed,
  markUnpaidRefundDue,
  ordersToWatch,
  refundsToDo,
} from './edition-orders.queries.ts';
import { refundOrder } from './edition-refund.service.ts';
import { publishReveal, revealOf } from './edition-reveal.service.ts';

// The edition orders' watcher (ADR 011), in every server process, every 30 s: a charge address
// paid by any means (a wallet's plain send, the buyer broadcasting the PSBT themselves) is
// revealed as a submit would; a payment too small, or one for an order expired meanwhile, is
// 'refund_due' and sent back to the taker (edition-refund.service.ts); unpaid orders past their
// time expire and give their editions back. Every change is conditional on the
// order's status, so processes and the submit route may race safely.

const POLL_MS = 30_000;
/** A paid order whose broadcast has not finished after this long is retried. */
const STUCK_MS = 60_000;

/** One pass over the orders to watch. */
export async function watchEditionOrders(deps: AppDeps): Promise<void> {
  for (const order of await ordersToWatch(deps.db)) {
    await watchOrder(deps, order).catch((err: unknown) =>
      deps.log.error({ err, orderId: order.id }, 'edition worker: watching an order failed'),
    );
  }
  await expireOverdue(deps.db);
  for (const order of await refundsToDo(deps.db)) {
    await refundOrder(deps, order).catch((err: unknown) =>
      deps.log.error({ err, orderId: order.id }, 'edition worker: refunding an order failed'),
    );
  }
}

async function watchOrder(deps: AppDeps, order: EditionOrderRow): Promise<void> {
  if (order.status === 'paid') return retryBroadcast(deps, order);
  const utxos = await deps.chain.source.addressUtxos(order.charge_address);
  if (utxos.length === 0) return;
  if (order.status === 'expired') return markExpiredRefundDue(deps.db, order.id);
  // The reveal spends one commit output: the largest; several small payments cannot be joined.
  const [largest] = [...utxos].sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0));
  if (!largest || largest.value < BigInt(order.amount)) {
    return markUnpaidRefundDue(deps.db, order.id);
  }
  const reveal = await revealOf(deps, order, largest);
  await testMempoolAccept(deps.chain, [reveal.hex]);
  const revealed = {
    commitTxid: largest.txid,
    commitVout: largest.vout,
    commitHex: null,
    revealTxid: reveal.txid,
    revealHex: reveal.hex,
  };
  await publishReveal(deps, order, revealed, false);
}

/** A claim whose broadcast was cut short (a restart): out again, or marked when it made it. */
async function retryBroadcast(deps: AppDeps, order: EditionOrderRow): Promise<void> {
  if (!order.paid_at || Date.now() - order.paid_at.getTime() < STUCK_MS || !order.reveal_txid) {
    return;
  }
  if ((await deps.chain.source.txStatus(order.reveal_txid)) === null) {
    const isCommitOut = order.commit_txid && (await deps.chain.source.txStatus(order.commit_txid));
    const hexes = [!isCommitOut && order.commit_hex, order.reveal_hex].filter(
      (hex): hex is string => Boolean(hex),
    );
    await broadcastInOrder(deps.chain, hexes);
  }
  await markInscribed(deps.db, order.id);
}

/** Runs the watcher in this process: at start, every 30 s, and when `wake` is called. */
export function startEditionWorker(deps: AppDeps): { wake: () => void; stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  let isStopped = false;
  const wake = () => {
    if (running || isStopped) return;
    running = watchEditionOrders(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'edition worker: a pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(wake, POLL_MS);
  timer.unref();
  wake(); // a restart finishes what the last run left paid but not broadcast
  return {
    wake,
    stop: async () => {
      isStopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
