import type { Db } from '../../db/create-db.ts';

/** What becomes of a listing whose claimed purchase lost an input to another transaction. */
type LostClaimOutcome = 'sniped' | 'reopened' | 'exposed';

/** A listing of a lost purchase, as its outcome is decided. */
interface ClaimedListing {
  id: string;
  outpoint: string;
  phaseId: string | null;
  isSnipeProtected: boolean;
}

/**
 * Settles the listings claimed by a purchase that lost an input, in one transaction: each trade
 * is sniped (its listing closes) or canceled (its listing reopens or is exposed), as `outcomeOf`
 * decides.
 */
export async function settleLostClaim(
  db: Db,
  txid: string,
  outcomeOf: (listing: ClaimedListing) => LostClaimOutcome,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('orderbook')
      .select(['id', 'outpoint', 'phase_id', 'is_snipe_protected'])
      .where('status', '=', 'broadcast')
      .where('transaction_id', '=', txid)
      .execute();
    for (const row of rows) {
      const outcome = outcomeOf({
        id: row.id,
        outpoint: row.outpoint,
        phaseId: row.phase_id,
        isSnipeProtected: row.is_snipe_protected,
      });
      await trx
        .updateTable('trade_history')
        .set({ trade_status: outcome === 'sniped' ? 'sniped' : 'canceled' })
        .where('order_id', '=', row.id)
        .where('transaction_id', '=', txid)
        .where('trade_status', 'in', ['initiated', 'mempool'])
        .execute();
      const reopens = outcome === 'reopened';
      await trx
        .updateTable('orderbook')
        .set(
          outcome === 'sniped'
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
}
