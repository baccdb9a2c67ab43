import type { AppDeps } from '../app-deps.ts';
import type { ClaimedTransaction } from './claimed-transactions.queries.ts';

/** What each kind of claim does when its journalled transaction turns out sent, or lost. */
export type ClaimHandler = {
  /** The node has the transactions, though the request that claimed them never saw them out. */
  sent(deps: AppDeps, claim: ClaimedTransaction): Promise<void>;
  /**
   * Another transaction spent `spent` (outpoints the claim's transactions spend): reopen or close
   * the claimed row as the kind requires.
   */
  release(deps: AppDeps, claim: ClaimedTransaction, spent: readonly string[]): Promise<void>;
  /** Its last transaction is mined (the claim is final): what the kind then tells its users. */
  final?(deps: AppDeps, claim: ClaimedTransaction): Promise<void>;
};
