import { buildCommitRefund, InscribeError } from '@om/bitcoin';
import type { AppDeps } from '../../app.ts';
import type { EditionOrderRow } from '../../db/database.ts';
import { broadcastInOrder, isTxRejection, testMempoolAccept } from '../listings/broadcast.ts';
import {
  claimRefund,
  markRefundChecked,
  markRefunded,
  releaseRefund,
} from './edition-orders.queries.ts';
import { commitOf } from './edition-reveal.service.ts';

// Refunds of edition payments that cannot be inscribed (ADR 011, 0014): every coin at the charge
// address goes back to the order's taker payment address (the wallet that was to pay) by key
// path, at the order's own fee rate. Claimed before the broadcast ('refunding', once across
// processes) and marked 'refunded' after it; the watcher sends again a claim cut short.

export type RefundOutcome = 'refunded' | 'nothing-to-refund' | 'refused';

/** Refunds a 'refund_due' order, or finishes the broadcast of a 'refunding' one. */
export async function refundOrder(deps: AppDeps, order: EditionOrderRow): Promise<RefundOutcome> {
  if (order.status === 'refunding') return finishRefund(deps, order);
  const coins = await deps.chain.source.addressUtxos(order.charge_address);
  if (coins.length === 0) {
    await markRefundChecked(deps.db, order.id);
    return 'nothing-to-refund';
  }
  const { commit, privateKey } = await commitOf(deps, order);
  let refund;
  try {
    refund = buildCommitRefund({
      commit,
      privateKey,
      coins,
      to: order.taker_payment_address,
      feeRate: Number(order.fee_rate),
      network: deps.env.BITCOIN_NETWORK,
    });
  } catch (err) {
    if (!(err instanceof InscribeError) || err.code !== 'dust-output') throw err;
    deps.log.warn({ orderId: order.id, reason: err.message }, 'edition refund: too small to send');
    await markRefundChecked(deps.db, order.id);
    return 'nothing-to-refund';
  }
  try {
    await testMempoolAccept(deps.chain, [refund.hex]);
  } catch (err) {
    if (!isTxRejection(err)) throw err;
    deps.log.warn({ orderId: order.id, reason: err.message }, 'edition refund: refused');
    await markRefundChecked(deps.db, order.id);
    return 'refused';
  }
  const claimed = await claimRefund(deps.db, order.id, refund);
  if (!claimed) return 'nothing-to-refund';
  try {
    await broadcastInOrder(deps.chain, [refund.hex]);
  } catch (err) {
    await releaseRefund(deps.db, order.id);
    throw err;
  }
  await markRefunded(deps.db, order.id);
  return 'refunded';
}

/** A claim whose broadcast a restart cut short: out again (or already out), then marked. */
async function finishRefund(deps: AppDeps, order: EditionOrderRow): Promise<RefundOutcome> {
  if (!order.refund_txid || !order.refund_hex) return 'nothing-to-refund';
  if ((await deps.chain.source.txStatus(order.refund_txid)) === null) {
    try {
      await broadcastInOrder(deps.chain, [order.refund_hex]);
    } catch (err) {
      // Its coins went elsewhere meanwhile (e.g. a late reveal): due again, to look at afresh.
      if (!isTxRejection(err)) throw err;
      await releaseRefund(deps.db, order.id);
      return 'refused';
    }
  }
  await markRefunded(deps.db, order.id);
  return 'refunded';
}
