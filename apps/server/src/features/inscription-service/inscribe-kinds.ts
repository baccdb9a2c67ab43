import { buildChargeRefund, type RevealTransaction } from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import type { AddressUtxo } from '../../chain/sources/chain-source.ts';
import { editionKind } from '../editions/edition-kind.ts';
import { inscribeOrder } from './inscribe-broadcast.ts';
import { inscribeOrderKey } from './inscribe-order.service.ts';
import { orderFiles, type InscribeOrderRow } from './inscribe-orders.queries.ts';

// The kinds of order the one state machine serves (ADR 016, issue 14): what differs between a
// direct (or BRC-20) order and an edition order, as properties of its kind, so that the worker,
// the refund and the routes read one path. The moves themselves are the same for every kind.

export type OrderKind = {
  /**
   * Revealed as soon as the payment is seen in the mempool (an edition: the charge address is the
   * commit, and the buyer never waits for a confirmation); otherwise once it is mined.
   */
  revealsUnconfirmed: boolean;
  /** Whether the coins at the charge address pay `amount`. */
  isPaidInFull(coins: readonly AddressUtxo[], amount: bigint): boolean;
  /** Builds the order's transactions, journals them with the move to 'inscribing', sends them. */
  inscribe(deps: AppDeps, order: InscribeOrderRow, coins: readonly AddressUtxo[]): Promise<void>;
  /** The reveals whose mining completes the order; a null one is not journalled yet. */
  revealTxids(deps: AppDeps, order: InscribeOrderRow): Promise<readonly (string | null)[]>;
  /** Every coin at the charge address back to `to`, signed by the order's key, at its fee rate. */
  buildRefund(
    deps: AppDeps,
    order: InscribeOrderRow,
    coins: readonly AddressUtxo[],
    to: string,
  ): Promise<RevealTransaction>;
};

const sum = (coins: readonly AddressUtxo[]) => coins.reduce((s, c) => s + c.value, 0n);

/** Files inscribed by one commit fanned out to one reveal per file, once the payment is mined. */
const directKind: OrderKind = {
  revealsUnconfirmed: false,
  // Paid in parts is fine: the commit joins every coin.
  isPaidInFull: (coins, amount) => sum(coins) >= amount,
  inscribe: (deps, order, coins) => inscribeOrder(deps, order, coins),
  revealTxids: async (deps, order) =>
    (await orderFiles(deps.db, order.id)).map((file) => file.reveal_txid),
  buildRefund: async (deps, order, coins, to) =>
    buildChargeRefund({
      privateKey: inscribeOrderKey(deps.env, order.id),
      coins,
      to,
      feeRate: Number(order.fee_rate),
      network: deps.env.BITCOIN_NETWORK,
    }),
};

/** The kind of an order (looked up when used: the kinds' modules import one another). */
export function kindOf(order: Pick<InscribeOrderRow, 'order_type'>): OrderKind {
  return order.order_type === 'edition' ? editionKind : directKind;
}
