import type { AppDeps } from '../../app-deps.ts';
import type { ClaimedTransaction } from '../../trading/claimed-transactions.queries.ts';
import { markBroadcast } from '../../trading/offers.queries.ts';
import { settleLostClaim } from './purchase-claim.queries.ts';

/**
 * A purchase's claim (a market listing or a launch mint) when its journalled transaction turned
 * out sent, or lost to another transaction (product.md#trust-findings findings 5 and 2).
 */
export const purchaseClaim = {
  async sent(deps: AppDeps, claim: ClaimedTransaction): Promise<void> {
    await markBroadcast(deps.db, claim.ref, finalTxid(claim));
  },

  /**
   * Another transaction spent an input: a trade whose listed output went is sniped (the tracker
   * names the sniper) and its listing closes; any other trade is canceled (the buyer's coins went
   * elsewhere). Its listing then reopens only when its published witness is of no use to anyone:
   * a snipe-protected listing needs the platform's co-signature, a launch item is reserved per
   * taker. A plain listing's 0x83 signature may have gone out with the purchase (a claim the
   * process died on may or may not have been broadcast), and stays executable at its price until
   * the inscription moves: it is 'exposed', off sale, and its seller is asked to delist on chain.
   */
  async release(deps: AppDeps, claim: ClaimedTransaction, spent: readonly string[]): Promise<void> {
    const gone = new Set(spent);
    await settleLostClaim(deps.db, finalTxid(claim), (listing) => {
      if (gone.has(listing.outpoint)) return 'sniped';
      return listing.phaseId !== null || listing.isSnipeProtected ? 'reopened' : 'exposed';
    });
  },
};

function finalTxid(claim: ClaimedTransaction): string {
  return claim.txids.at(-1) ?? '';
}
