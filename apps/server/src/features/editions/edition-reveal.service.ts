import {
  buildEditionReveal,
  editionCommit,
  type InscriptionCommit,
  type RevealTransaction,
} from '@om/bitcoin';
import { EDITION_POSTAGE, type EditionOrder } from '@om/core';
import type { AppDeps } from '../../app.ts';
import type { EditionOrderRow } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findLaunch } from '../launchpad/launchpad.queries.ts';
import { broadcastInOrder } from '../listings/broadcast.ts';
import {
  claimPaid,
  findOrder,
  markInscribed,
  releaseClaim,
  type Revealed,
} from './edition-orders.queries.ts';
import { orderKey } from './edition-terms.ts';

// The reveal of a paid order (ADR 011), whoever noticed the payment: the submit of the buyer's
// signed PSBT, or the watcher finding a plain payment at the charge address. Both claim the order
// first (one claim wins), then broadcast; a failed broadcast leaves the order unpaid again.

/**
 * The order's commit and its key. Throws when the charge address is not derived from them: a
 * different cosigner secret (or original) would reveal nothing the buyer paid for, nor refund.
 */
export async function commitOf(
  deps: AppDeps,
  order: EditionOrderRow,
): Promise<{ commit: InscriptionCommit; privateKey: Uint8Array }> {
  const launch = await findLaunch(deps.db.kysely, order.launchpad_id);
  const privateKey = orderKey(deps.env, order.id);
  const commit = editionCommit({
    privateKey,
    originalId: launch?.edition_inscription_id ?? '',
    count: order.mint_count,
    postage: EDITION_POSTAGE,
    network: deps.env.BITCOIN_NETWORK,
  });
  if (commit.address !== order.charge_address) {
    throw new Error(`Edition order ${order.id}: its charge address is not derived from our key`);
  }
  return { commit, privateKey };
}

/**
 * The signed reveal spending the commit output `utxo`: the editions to the taker, the payouts
 * fixed when the order was made, any overpayment back to the taker's payment address.
 */
export async function revealOf(
  deps: AppDeps,
  order: EditionOrderRow,
  utxo: { txid: string; vout: number; value: bigint },
): Promise<RevealTransaction> {
  const { commit, privateKey } = await commitOf(deps, order);
  return buildEditionReveal({
    commit,
    privateKey,
    utxo,
    outputs: order.reveal_outputs.map((o) => ({ address: o.address, value: BigInt(o.value) })),
    amount: BigInt(order.amount),
    feeRate: Number(order.fee_rate),
    change: order.taker_payment_address,
    network: deps.env.BITCOIN_NETWORK,
  });
}

/**
 * Claims the order for this commit and reveal, broadcasts (the commit first when it is ours to
 * send) and marks it inscribed. An order another path already revealed is answered as it is.
 */
export async function publishReveal(
  deps: AppDeps,
  order: EditionOrderRow,
  revealed: Revealed,
  isBeforeExpiry: boolean,
): Promise<EditionOrderRow> {
  const { db, chain } = deps;
  const claimed = await claimPaid(db, order.id, revealed, isBeforeExpiry);
  if (!claimed) return revealedAlready(deps, order.id);
  const hexes = revealed.commitHex
    ? [revealed.commitHex, revealed.revealHex]
    : [revealed.revealHex];
  try {
    await broadcastInOrder(chain, hexes);
  } catch (err) {
    await releaseClaim(db, order.id);
    throw err;
  }
  return (await markInscribed(db, order.id)) ?? claimed;
}

async function revealedAlready(deps: AppDeps, id: string): Promise<EditionOrderRow> {
  const now = await findOrder(deps.db, id);
  if (now && (now.status === 'paid' || now.status === 'inscribed')) return now;
  throw new AppError('CONFLICT', 'This order expired: mint again');
}

/** The wire form of an order; its inscription ids once the reveal is out. */
export function toEditionOrder(row: EditionOrderRow): EditionOrder {
  const isRevealed = row.status === 'paid' || row.status === 'inscribed';
  return {
    orderId: row.id,
    launchpadId: row.launchpad_id,
    status: row.status,
    mintCount: row.mint_count,
    chargeAddress: row.charge_address,
    amount: row.amount,
    takerOrdinalAddress: row.taker_ordinal_address,
    commitTxId: row.commit_txid,
    revealTxId: row.reveal_txid,
    inscriptionIds:
      isRevealed && row.reveal_txid
        ? Array.from({ length: row.mint_count }, (_, i) => `${row.reveal_txid}i${i}`)
        : [],
    refundTxId: row.refund_txid,
    expiresAt: row.expires_at.toISOString(),
  };
}
