import { base64ToBytes, finalizeSignedPsbt } from '@om/bitcoin';
import type { EditionMintSubmitBodySchema, EditionOrder } from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { broadcastJournalled } from '../inscription-service/inscribe-broadcast.ts';
import { claimInscribing } from '../inscription-service/inscribe-orders.queries.ts';
import { testMempoolAccept } from '../../trading/broadcast.ts';
import { withTradeErrors } from '../../trading/trade-errors.ts';
import { releaseHold } from '../launchpad/reservation-holds.queries.ts';
import { editionHolder } from './edition-mint.service.ts';
import { findOrder, type EditionOrderView } from './edition-orders.queries.ts';
import { revealOf } from './edition-reveal.service.ts';
import { editionStatusOf, toEditionOrder } from './edition-wire.ts';

// POST /api/launchpad/editions/mint/submit (ADR 011, ADR 016): the buyer's signed payment must be
// exactly the PSBT built for the order (only signatures added); with the reveal built on it, both
// go through testmempoolaccept as a package. The order is then claimed for them ('inscribing')
// with the payment (when ours to send) and the reveal journalled, in one database transaction,
// and they are broadcast as the inscription service broadcasts: a process killed in between
// leaves them to the claimed-transactions worker. Submitting again answers the order.

type SubmitBody = z.output<typeof EditionMintSubmitBodySchema>;

const EXPIRED = 'This order expired: mint again';

export async function submitEditionMint(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
  session: SessionClaims,
  body: SubmitBody,
): Promise<EditionOrder> {
  const { chain, db } = deps;
  const order = await ownOrder(deps, session, body.orderId);
  const status = editionStatusOf(order.state, order.refundReason);
  if (status === 'paid' || status === 'inscribed') return toEditionOrder(order);
  if (status === 'refund_due') {
    throw new AppError('CONFLICT', 'This order received a payment it cannot inscribe: to refund');
  }
  if (order.state !== 'waiting-payment' || order.expiresAt.getTime() <= Date.now()) {
    throw new AppError('CONFLICT', EXPIRED);
  }
  const built = {
    psbt: base64ToBytes(order.psbt) ?? new Uint8Array(),
    layout: order.layout,
    maxFeeRate: order.maxFeeRate,
  };
  const commit = withTradeErrors('signedPsbt', () => finalizeSignedPsbt(body.signedPsbt, built));
  const reveal = await revealOf(deps, order, {
    txid: commit.txid,
    vout: 0,
    value: order.amount,
  });
  // A wallet may have broadcast the payment itself: then only the reveal is ours to send.
  const isCommitOut = (await chain.source.txStatus(commit.txid)) !== null;
  const transactions = isCommitOut ? [reveal] : [commit, reveal];
  await testMempoolAccept(
    chain,
    transactions.map((tx) => tx.hex),
  );
  const claimed = await claimInscribing(db, order.id, {
    from: ['waiting-payment'],
    isBeforeExpiry: true,
    changes: { paymentTxid: commit.txid, commitTxid: commit.txid, revealTxid: reveal.txid },
    journal: { kind: 'inscribe', ref: order.id, transactions },
  });
  if (claimed) await broadcastJournalled(deps, order.id, transactions);
  // Paid: its coins are spent, so the hold ends now, not when it lapses (product.md#trust-findings
  // finding 3).
  await releaseHold(db, editionHolder(order.id));
  return revealedNow(deps, order.id);
}

/** The order once claimed, by this submit or by the engine seeing the payment first. */
async function revealedNow(deps: Pick<AppDeps, 'db'>, id: string): Promise<EditionOrder> {
  const now = await findOrder(deps.db, id);
  const wire = now && toEditionOrder(now);
  if (wire && (wire.status === 'paid' || wire.status === 'inscribed')) return wire;
  throw new AppError('CONFLICT', EXPIRED);
}

/** GET /api/launchpad/editions/order/{orderId}. */
export async function getEditionOrder(
  deps: Pick<AppDeps, 'db'>,
  orderId: string,
): Promise<EditionOrder> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw notFound('Order not found');
  return toEditionOrder(order);
}

async function ownOrder(
  deps: Pick<AppDeps, 'db'>,
  session: SessionClaims,
  orderId: string,
): Promise<EditionOrderView> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw notFound('Order not found');
  if (order.userId !== session.userId) {
    throw new AppError('FORBIDDEN', 'This order belongs to another wallet');
  }
  return order;
}
