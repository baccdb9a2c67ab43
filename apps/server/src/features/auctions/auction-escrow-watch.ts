import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import { startChainWorker } from '../../chain/chain-worker.ts';
import type { Db } from '../../db/create-db.ts';

// The escrow watch (product.md#trust-findings finding 4, ADR 012). An auction's item waits in the
// seller's maker wallet, which the seller alone can spend 144 blocks after the deposit confirmed.
// When something other than a settlement of the auction spends that output (in the mempool, or
// mined: the inscription moved on from it), no bid can settle any more: the auction closes as
// 'withdrawn', in the same transaction its signed bids become 'invalid' and their coins are free
// again.

/**
 * Runs the watch after each indexed block and each mempool refresh (the trade tracker's events),
 * and on a timer (startChainWorker). Answers the function that stops it.
 */
export function startEscrowWatch(
  deps: Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'log'>,
): () => Promise<void> {
  return startChainWorker(deps, 'escrow watch', async () => {
    const closed = await closeWithdrawnAuctions(deps.db);
    if (closed.length > 0) deps.log.info({ auctions: closed }, 'escrow watch: withdrawn');
  });
}

/** Closes the active auctions whose escrow was spent outside a settlement; answers their slugs. */
async function closeWithdrawnAuctions(db: Db): Promise<string[]> {
  return db.kysely.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string; slug: string }>`
      update auctions a set status = 'withdrawn', settled_at = now()
      where a.status = 'active' and a.maker_wallet_outpoint is not null
        and (
          exists (
            select 1 from mempool_spends s
            where s.prev_txid = split_part(a.maker_wallet_outpoint, ':', 1)
              and s.prev_vout = split_part(a.maker_wallet_outpoint, ':', 2)::integer
              and not exists (
                select 1 from auction_bids b where b.auction_id = a.id and b.txid = s.txid))
          or exists (
            select 1 from chain_transfers at, chain_transfers later
            where at.inscription_id = a.inscription_id
              and at.txid = split_part(a.maker_wallet_outpoint, ':', 1)
              and at.vout = split_part(a.maker_wallet_outpoint, ':', 2)::integer
              and later.inscription_id = a.inscription_id
              and (later.height, later.seq) > (at.height, at.seq)
              and not exists (
                select 1 from auction_bids b where b.auction_id = a.id and b.txid = later.txid)))
      returning a.id, a.slug`.execute(trx);
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return [];
    await trx
      .deleteFrom('auction_coin_reservations')
      .where('bid_id', 'in', (eb) =>
        eb.selectFrom('auction_bids').select('id').where('auction_id', 'in', ids),
      )
      .execute();
    await trx
      .updateTable('auction_bids')
      .set({ status: 'invalid', invalid_reason: 'The seller withdrew the item from escrow' })
      .where('auction_id', 'in', ids)
      .where('status', 'in', ['standing', 'outbid'])
      .execute();
    return rows.map((r) => r.slug);
  });
}
