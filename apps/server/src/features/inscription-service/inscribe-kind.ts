import type { RevealTransaction } from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import type { AddressUtxo } from '../../chain/sources/chain-source.ts';
import type { InscribeOrder } from './inscribe-orders.queries.ts';

/**
 * What differs between the kinds of order the one state machine serves (ADR 016): the registry
 * is inscribe-kinds.ts; the moves that need a kind (the refund, the direct inscribing) are given
 * it, so that no module below the registry imports it back.
 */
export type OrderKind = {
  /**
   * Revealed as soon as the payment is seen in the mempool (an edition: the charge address is the
   * commit, and the buyer never waits for a confirmation); otherwise once it is mined.
   */
  revealsUnconfirmed: boolean;
  /** Whether the coins at the charge address pay `amount`. */
  isPaidInFull(coins: readonly AddressUtxo[], amount: bigint): boolean;
  /** Builds the order's transactions, journals them with the move to 'inscribing', sends them. */
  inscribe(deps: AppDeps, order: InscribeOrder, coins: readonly AddressUtxo[]): Promise<void>;
  /** The reveals whose mining completes the order; a null one is not journalled yet. */
  revealTxids(deps: AppDeps, order: InscribeOrder): Promise<readonly (string | null)[]>;
  /** Every coin at the charge address back to `to`, signed by the order's key, at its fee rate. */
  buildRefund(
    deps: AppDeps,
    order: InscribeOrder,
    coins: readonly AddressUtxo[],
    to: string,
  ): Promise<RevealTransaction>;
};
