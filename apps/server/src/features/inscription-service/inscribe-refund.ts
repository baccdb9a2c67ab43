import { InscribeError } from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import { isTxRejection, testMempoolAccept } from '../../trading/broadcast.ts';
import type { OrderKind } from './inscribe-kind.ts';
import { payerAddress } from './inscribe-payer.ts';
import {
  claimRefund,
  markJournalSent,
  moveOrder,
  type InscribeOrder,
} from './inscribe-orders.queries.ts';

// Refunds (ADR 016): a payment too small, or one for an expired order, goes back whole (less the
// refund's own fee at the order's rate) to the refundAddress (an edition's: the taker's payment
// address), or else to the payment's first input's address, signed as the order's kind signs
// (key path from the charge address; an edition's commit by its key path). Journalled (kind
// 'inscribe-refund') with the move to 'refunding'; 'refunded' once mined.

export async function refundOrder(
  deps: AppDeps,
  kind: Pick<OrderKind, 'buildRefund'>,
  order: InscribeOrder,
): Promise<void> {
  const { db, chain } = deps;
  if (order.state === 'refunding') {
    const status = order.refundTxid ? await chain.source.txStatus(order.refundTxid) : null;
    if (status?.confirmed) await moveOrder(db, order.id, ['refunding'], 'refunded');
    return;
  }
  const coins = await chain.source.addressUtxos(order.chargeAddress);
  if (coins.length === 0) return;
  const to = order.refundAddress ?? (await payerAddress(deps, order));
  if (!to) return; // the payment's input is not known yet: next pass
  let refund;
  try {
    refund = await kind.buildRefund(deps, order, coins, to);
  } catch (err) {
    if (!(err instanceof InscribeError) || err.code !== 'dust-output') throw err;
    // Too little to pay its own way back: nothing more can be done with it.
    await moveOrder(db, order.id, ['underpaid', 'expired'], 'error', {
      error: `Too little to refund: ${err.message}`,
    });
    return;
  }
  try {
    await testMempoolAccept(chain, [refund.hex]);
  } catch (err) {
    if (!isTxRejection(err)) throw err;
    deps.log.warn(
      { orderId: order.id, reason: err.message },
      'inscription service: refund refused',
    );
    return;
  }
  const amount = refund.fee >= 0n ? coins.reduce((s, c) => s + c.value, 0n) - refund.fee : 0n;
  if (!(await claimRefund(db, order.id, { ...refund, amount }))) return;
  await chain.source.broadcast(refund.hex);
  await markJournalSent(db, 'inscribe-refund', order.id);
}
