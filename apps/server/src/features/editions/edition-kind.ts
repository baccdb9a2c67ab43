import { buildCommitRefund } from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import type { AddressUtxo } from '../../chain/sources/chain-source.ts';
import { testMempoolAccept } from '../../trading/broadcast.ts';
import { broadcastJournalled } from '../inscription-service/inscribe-broadcast.ts';
import type { OrderKind } from '../inscription-service/inscribe-kind.ts';
import {
  claimInscribing,
  moveOrder,
  type InscribeOrder,
} from '../inscription-service/inscribe-orders.queries.ts';
import { refundOrder } from '../inscription-service/inscribe-refund.ts';
import { findOrder, type EditionOrderView } from './edition-orders.queries.ts';
import { commitOf, revealOf } from './edition-reveal.service.ts';

// The edition kind of the inscription service's engine (ADR 011, ADR 016): the charge address is
// the order's commit, so a payment seen in the mempool is revealed at once (the buyer never waits
// for a confirmation) by one reveal spending one commit output (the largest: several small
// payments cannot be joined), paying the outputs fixed when the order was made. A refund spends
// the commit by its key path back to the taker's payment address (the order's refund_address).

const PAID_STATES = ['payment-seen', 'payment-confirmed'] as const;

export const editionKind: OrderKind = {
  revealsUnconfirmed: true,
  isPaidInFull: (coins, amount) => (largestOf(coins)?.value ?? 0n) >= amount,
  inscribe: (deps, order, coins) => revealEdition(deps, order, coins),
  revealTxids: async (_deps, order) => [order.revealTxid],
  buildRefund: async (deps, order, coins, to) => {
    const { commit, privateKey } = await commitOf(deps, await termsOf(deps, order.id));
    return buildCommitRefund({
      commit,
      privateKey,
      coins,
      to,
      feeRate: order.feeRate,
      network: deps.env.BITCOIN_NETWORK,
    });
  },
};

function largestOf(coins: readonly AddressUtxo[]): AddressUtxo | undefined {
  return [...coins].sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0))[0];
}

/** A plain payment seen at the charge address: the reveal journalled with 'inscribing', then sent. */
async function revealEdition(
  deps: AppDeps,
  order: InscribeOrder,
  coins: readonly AddressUtxo[],
): Promise<void> {
  const { db, chain } = deps;
  const largest = largestOf(coins);
  if (!largest || largest.value < order.amount) {
    const underpaid = { refundReason: 'underpaid' } as const;
    if (await moveOrder(db, order.id, PAID_STATES, 'underpaid', underpaid)) {
      await refundOrder(deps, editionKind, { ...order, state: 'underpaid', ...underpaid });
    }
    return;
  }
  const reveal = await revealOf(deps, await termsOf(deps, order.id), largest);
  // Refused (say, the payment not in our node's mempool yet): the order waits for the next pass.
  await testMempoolAccept(chain, [reveal.hex]);
  const claimed = await claimInscribing(db, order.id, {
    from: PAID_STATES,
    changes: { paymentTxid: largest.txid, commitTxid: largest.txid, revealTxid: reveal.txid },
    journal: { kind: 'inscribe', ref: order.id, transactions: [reveal] },
  });
  if (claimed) await broadcastJournalled(deps, order.id, [reveal]);
}

async function termsOf(deps: Pick<AppDeps, 'db'>, id: string): Promise<EditionOrderView> {
  const order = await findOrder(deps.db, id);
  if (!order) throw new Error(`Edition order ${id} has no terms`);
  return order;
}
