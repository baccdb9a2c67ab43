import {
  buildEditionReveal,
  editionCommit,
  type InscriptionCommit,
  type RevealTransaction,
} from '@om/bitcoin';
import { EDITION_POSTAGE } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { editionOriginalId, type EditionOrderView } from './edition-orders.queries.ts';
import { orderKey } from './edition-terms.ts';

// An edition order's commit and reveal (ADR 011), whoever noticed the payment: the submit of the
// buyer's signed PSBT, or the engine finding a plain payment at the charge address (edition-kind).

/**
 * The order's commit and its key. Throws when the charge address is not derived from them: a
 * different cosigner secret (or original) would reveal nothing the buyer paid for, nor refund.
 */
export async function commitOf(
  deps: Pick<AppDeps, 'db' | 'env'>,
  order: EditionOrderView,
): Promise<{ commit: InscriptionCommit; privateKey: Uint8Array }> {
  const originalId = await editionOriginalId(deps.db, order.launchpadId);
  const privateKey = orderKey(deps.env, order.id);
  const commit = editionCommit({
    privateKey,
    originalId,
    count: order.mintCount,
    postage: EDITION_POSTAGE,
    network: deps.env.BITCOIN_NETWORK,
  });
  if (commit.address !== order.chargeAddress) {
    throw new Error(`Edition order ${order.id}: its charge address is not derived from our key`);
  }
  return { commit, privateKey };
}

/**
 * The signed reveal spending the commit output `utxo`: the editions to the taker, the payouts
 * fixed when the order was made, any overpayment back to the taker's payment address.
 */
export async function revealOf(
  deps: Pick<AppDeps, 'db' | 'env'>,
  order: EditionOrderView,
  utxo: { txid: string; vout: number; value: bigint },
): Promise<RevealTransaction> {
  const { commit, privateKey } = await commitOf(deps, order);
  return buildEditionReveal({
    commit,
    privateKey,
    utxo,
    outputs: order.revealOutputs,
    amount: order.amount,
    feeRate: order.feeRate,
    change: order.takerPaymentAddress,
    network: deps.env.BITCOIN_NETWORK,
  });
}
