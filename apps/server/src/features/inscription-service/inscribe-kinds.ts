import { buildChargeRefund } from '@om/bitcoin';
import type { AddressUtxo } from '../../chain/sources/chain-source.ts';
import { inscribeOrder } from './inscribe-broadcast.ts';
import type { OrderKind } from './inscribe-kind.ts';
import { inscribeOrderKey } from './inscribe-order.service.ts';
import { orderFiles, type InscribeOrder } from './inscribe-orders.queries.ts';

// The kinds of order the one state machine serves (ADR 016, ADR 016): what differs between a
// direct (or BRC-20) order and an edition order, as properties of its kind, so that the worker,
// the refund and the routes read one path. The moves themselves are the same for every kind.

const sum = (coins: readonly AddressUtxo[]) => coins.reduce((s, c) => s + c.value, 0n);

/** Files inscribed by one commit fanned out to one reveal per file, once the payment is mined. */
export const directKind: OrderKind = {
  revealsUnconfirmed: false,
  // Paid in parts is fine: the commit joins every coin.
  isPaidInFull: (coins, amount) => sum(coins) >= amount,
  inscribe: (deps, order, coins) => inscribeOrder(deps, directKind, order, coins),
  revealTxids: async (deps, order) =>
    (await orderFiles(deps.db, order.id)).map((file) => file.revealTxid),
  buildRefund: async (deps, order, coins, to) =>
    buildChargeRefund({
      privateKey: inscribeOrderKey(deps.env, order.id),
      coins,
      to,
      feeRate: order.feeRate,
      network: deps.env.BITCOIN_NETWORK,
    }),
};

/**
 * The kinds the worker serves, given at start (workers.ts): the edition kind lives with the
 * editions, which build on this service, so this service does not import it.
 */
export interface OrderKinds {
  direct: OrderKind;
  edition: OrderKind;
}

/** The kind of an order. */
export function kindOf(kinds: OrderKinds, order: Pick<InscribeOrder, 'orderType'>): OrderKind {
  return order.orderType === 'edition' ? kinds.edition : kinds.direct;
}
