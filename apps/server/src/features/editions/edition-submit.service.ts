import { base64ToBytes, finalizeSignedPsbt, type BuiltPayment } from '@om/bitcoin';
import type { EditionMintSubmitBodySchema, EditionOrder } from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import type { EditionOrderRow } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionClaims } from '../auth/auth-token.ts';
import { testMempoolAccept } from '../listings/broadcast.ts';
import { withTradeErrors } from '../listings/trade-errors.ts';
import { releaseHold } from '../launchpad/reservation-holds.queries.ts';
import { editionHolder } from './edition-mint.service.ts';
import { findOrder } from './edition-orders.queries.ts';
import { publishReveal, revealOf, toEditionOrder } from './edition-reveal.service.ts';

// POST /api/launchpad/editions/mint/submit (ADR 011): the buyer's signed payment must be exactly
// the PSBT built for the order (only signatures added); with the reveal built on it, both go
// through testmempoolaccept as a package, then out in order. Submitting again answers the order.

type SubmitBody = z.output<typeof EditionMintSubmitBodySchema>;

export async function submitEditionMint(
  deps: AppDeps,
  session: SessionClaims,
  body: SubmitBody,
): Promise<EditionOrder> {
  const { chain } = deps;
  const order = await ownOrder(deps, session, body.orderId);
  if (order.status === 'paid' || order.status === 'inscribed') return toEditionOrder(order);
  if (order.status === 'refund_due') {
    throw new AppError('CONFLICT', 'This order received a payment it cannot inscribe: to refund');
  }
  if (order.status === 'expired' || order.expires_at.getTime() <= Date.now()) {
    throw new AppError('CONFLICT', 'This order expired: mint again');
  }
  const built = {
    psbt: base64ToBytes(order.psbt) ?? new Uint8Array(),
    layout: order.layout as BuiltPayment['layout'],
    maxFeeRate: Number(order.max_fee_rate),
  };
  const commit = withTradeErrors('signedPsbt', () => finalizeSignedPsbt(body.signedPsbt, built));
  const reveal = await revealOf(deps, order, {
    txid: commit.txid,
    vout: 0,
    value: BigInt(order.amount),
  });
  // A wallet may have broadcast the payment itself: then only the reveal is ours to send.
  const isCommitOut = (await chain.source.txStatus(commit.txid)) !== null;
  const hexes = isCommitOut ? [reveal.hex] : [commit.hex, reveal.hex];
  await testMempoolAccept(chain, hexes);
  const revealed = {
    commitTxid: commit.txid,
    commitVout: 0,
    commitHex: isCommitOut ? null : commit.hex,
    revealTxid: reveal.txid,
    revealHex: reveal.hex,
  };
  const published = await publishReveal(deps, order, revealed, true);
  // Paid: its coins are spent, so the hold ends now, not when it lapses (issue 13 finding 3).
  await releaseHold(deps.db, editionHolder(order.id));
  return toEditionOrder(published);
}

/** GET /api/launchpad/editions/order/{orderId}. */
export async function getEditionOrder(deps: AppDeps, orderId: string): Promise<EditionOrder> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw notFound('Order not found');
  return toEditionOrder(order);
}

async function ownOrder(
  deps: AppDeps,
  session: SessionClaims,
  orderId: string,
): Promise<EditionOrderRow> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw notFound('Order not found');
  if (order.user_id !== session.userId) {
    throw new AppError('FORBIDDEN', 'This order belongs to another wallet');
  }
  return order;
}
