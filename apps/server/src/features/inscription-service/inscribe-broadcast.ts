import {
  buildInscribeCommit,
  buildInscribeReveal,
  InscribeError,
  type RevealTransaction,
} from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import type { AddressUtxo } from '../../chain/sources/chain-source.ts';
import { isTxRejection, testMempoolAccept } from '../../trading/broadcast.ts';
import {
  claimInscribing,
  markJournalSent,
  moveOrder,
  orderFiles,
  type InscribeOrder,
} from './inscribe-orders.queries.ts';
import { inscribeOrderKey } from './inscribe-order.service.ts';
import { planOrder, POSTAGE } from './inscribe-price.ts';
import type { OrderKind } from './inscribe-kind.ts';
import { payerAddress } from './inscribe-payer.ts';
import { refundOrder } from './inscribe-refund.ts';

// A confirmed payment becomes the commit (the charge coins fanned out to one commit output per
// file, the service fee, any excess back) and one reveal per file (ADR 016). They are journalled
// in claimed_transactions with the move to 'inscribing', in one database transaction, and only
// then broadcast: a process killed in between leaves them to the claimed-transactions worker.
// Core keeps at most 25 unconfirmed transactions in a chain (limitdescendantcount): reveals past
// the 24th go out from the journal once the commit is mined.

/** testmempoolaccept takes at most 25 transactions and 101 kvB per package. */
const PACKAGE_COUNT = 25;
const PACKAGE_VSIZE = 100_000;

export async function inscribeOrder(
  deps: AppDeps,
  kind: Pick<OrderKind, 'buildRefund'>,
  order: InscribeOrder,
  coins: readonly AddressUtxo[],
): Promise<void> {
  const { env, db, chain } = deps;
  const key = inscribeOrderKey(env, order.id);
  const files = await orderFiles(db, order.id, true);
  const feeRate = order.feeRate;
  const plan = planOrder(
    env,
    key,
    files.map((f) => ({ contentType: f.contentType, body: f.body })),
    order.receiveAddress,
    feeRate,
  );
  if (plan.chargeAddress !== order.chargeAddress || plan.amount !== order.amount) {
    // Another cosigner secret, or another fee configuration, than the order was made with.
    await moveOrder(db, order.id, ['payment-confirmed'], 'error', {
      error: 'The order cannot be rebuilt as it was priced',
    });
    return;
  }
  let commit;
  try {
    commit = buildInscribeCommit({
      plan,
      privateKey: key,
      coins,
      feeRate,
      change: order.refundAddress ?? (await payerAddress(deps, order)),
      network: env.BITCOIN_NETWORK,
    });
  } catch (err) {
    if (!(err instanceof InscribeError) || err.code !== 'insufficient-funds') throw err;
    // Paid in parts whose extra inputs the price did not cover: refunded as an underpayment.
    if (
      await moveOrder(db, order.id, ['payment-confirmed'], 'underpaid', {
        refundReason: 'underpaid',
      })
    ) {
      await refundOrder(deps, kind, { ...order, state: 'underpaid', refundReason: 'underpaid' });
    }
    return;
  }
  const reveals = files.map((_, index) =>
    buildInscribeReveal({
      plan,
      index,
      privateKey: key,
      commitTxid: commit.txid,
      receiveAddress: order.receiveAddress,
      postage: POSTAGE,
      network: env.BITCOIN_NETWORK,
    }),
  );
  const transactions = [commit, ...reveals];
  try {
    await testMempoolAccept(chain, firstPackage(transactions));
  } catch (err) {
    if (!isTxRejection(err)) throw err;
    await moveOrder(db, order.id, ['payment-confirmed'], 'error', { error: err.message });
    return;
  }
  const claimed = await claimInscribing(db, order.id, {
    from: ['payment-confirmed'],
    changes: { commitTxid: commit.txid, changeAmount: commit.change },
    journal: { kind: 'inscribe', ref: order.id, transactions },
    fileRevealTxids: reveals.map((r) => r.txid),
  });
  if (!claimed) return;
  await broadcastJournalled(deps, order.id, transactions);
}

/** The commit and as many reveals as one testmempoolaccept package takes. */
function firstPackage(transactions: readonly RevealTransaction[]): string[] {
  const hexes: string[] = [];
  let vsize = 0;
  for (const tx of transactions) {
    if (hexes.length === PACKAGE_COUNT || vsize + tx.vsize > PACKAGE_VSIZE) break;
    hexes.push(tx.hex);
    vsize += tx.vsize;
  }
  return hexes;
}

/**
 * Broadcasts in order until the node refuses one (a reveal past the mempool's chain limit); the
 * claimed-transactions worker sends the rest. The journal is 'sent' once all are out.
 */
export async function broadcastJournalled(
  deps: Pick<AppDeps, 'chain' | 'db' | 'log'>,
  orderId: string,
  transactions: readonly { txid: string; hex: string }[],
): Promise<void> {
  for (const tx of transactions) {
    try {
      await deps.chain.source.broadcast(tx.hex);
    } catch (err) {
      deps.log.warn({ err, orderId, txid: tx.txid }, 'inscription service: broadcast later');
      return;
    }
  }
  await markJournalSent(deps.db, 'inscribe', orderId);
}
