import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

// The escrow watch's one write (ADR 012): auctions whose escrow output was spent by anything but
// one of their bids close as 'withdrawn', their signed bids 'invalid', their coins free.

/** Closes the active auctions whose escrow was spent outside a settlement; answers their slugs. */
export async function closeWithdrawnAuctions(db: Db): Promise<string[]> {
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
