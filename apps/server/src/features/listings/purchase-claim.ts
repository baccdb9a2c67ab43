import type { AppDeps } from '../../app-deps.ts';
import type { ClaimedTransaction } from '../../trading/claimed-transactions.queries.ts';
import { markBroadcast } from '../../trading/offers.queries.ts';

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
    const txid = finalTxid(claim);
    const gone = new Set(spent);
    await deps.db.kysely.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('orderbook')
        .select(['id', 'outpoint', 'phase_id', 'is_snipe_protected'])
        .where('status', '=', 'broadcast')
        .where('transaction_id', '=', txid)
        .execute();
      for (const row of rows) {
        const isSniped = gone.has(row.outpoint);
        await trx
          .updateTable('trade_history')
          .set({ trade_status: isSniped ? 'sniped' : 'canceled' })
          .where('order_id', '=', row.id)
          .where('transaction_id', '=', txid)
          .where('trade_status', 'in', ['initiated', 'mempool'])
          .execute();
        const reopens = !isSniped && (row.phase_id !== null || row.is_snipe_protected);
        await trx
          .updateTable('orderbook')
          .set(
            isSniped
              ? { status: 'canceled' }
              : {
                  status: reopens ? 'active' : 'exposed',
                  transaction_id: null,
                  taker_payment_address: null,
                  taker_ordinal_address: null,
                  closed_at: reopens ? null : new Date(),
                },
          )
          .where('id', '=', row.id)
          .execute();
      }
    });
  },
};

function finalTxid(claim: ClaimedTransaction): string {
  return claim.txids.at(-1) ?? '';
}
