import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Rng } from './seeded-random.ts';

export type DemoItem = { inscriptionId: string; slug: string; address: string; outpoint: string };

/** Whether the demo collections already have orders (the trades were seeded). */
export async function hasDemoOrders(db: Db, slugs: readonly string[]): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('orderbook')
    .innerJoin('collections', 'collections.id', 'orderbook.collection_id')
    .select('orderbook.id')
    .where('collections.slug', 'in', [...slugs])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The demo inscriptions with their owner and output, unlisted and not moving, in id order. */
export async function demoItems(db: Db, slugs: readonly string[]): Promise<DemoItem[]> {
  const { rows } = await sql<{
    inscription_id: string;
    slug: string;
    address: string;
    txid: string;
    vout: string;
  }>`
    select ci.inscription_id, c.slug, ci.address, ci.txid, ci.vout
    from inscriptions i
    join collections c on c.id = i.collection_id
    join chain_inscriptions ci on ci.inscription_id = i.inscription_id
    where c.slug in (${sql.join(slugs)}) and ci.address is not null
      and not exists (select 1 from orderbook o
                      where o.inscription_id = i.inscription_id and o.status in ('pending', 'active'))
      and not exists (select 1 from mempool_spends m
                      where m.prev_txid = ci.txid and m.prev_vout = ci.vout)
    order by i.inscription_id
  `.execute(db.kysely);
  return rows.map((r) => ({
    inscriptionId: r.inscription_id,
    slug: r.slug,
    address: r.address,
    outpoint: `${r.txid}:${r.vout}`,
  }));
}

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 28;

/**
 * Spreads the demo's trades over the last four weeks, oldest first, each sold listing on
 * sale for a few hours to two days before its sale, and the open listings over the last two weeks.
 * Only times move: the transactions, prices and parties stay what they are.
 */
export async function backdateDemoMarket(
  db: Db,
  slugs: readonly string[],
  rng: Rng,
): Promise<void> {
  const now = Date.now();
  await db.kysely.transaction().execute(async (trx) => {
    const trades = await trx
      .selectFrom('trade_history')
      .select(['id', 'order_id'])
      .where('collection_slug', 'in', [...slugs])
      .orderBy('id')
      .execute();
    for (const [k, trade] of trades.entries()) {
      // Quadratic: trades thicken towards today, and the last few fall within the default
      // '1 day' window of the activity list.
      const age = ((trades.length - 1 - k) / trades.length) ** 2;
      const soldAt = new Date(now - HISTORY_DAYS * DAY_MS * age - rng() * 2 * 3_600_000);
      const listedAt = new Date(soldAt.getTime() - (0.1 + rng() * 1.9) * DAY_MS);
      await trx
        .updateTable('trade_history')
        .set({ created_at: soldAt })
        .where('id', '=', trade.id)
        .execute();
      await trx
        .updateTable('orderbook')
        .set({ listed_at: listedAt, closed_at: soldAt, created_at: listedAt })
        .where('id', '=', trade.order_id)
        .execute();
    }
    const open = await trx
      .selectFrom('orderbook')
      .innerJoin('collections', 'collections.id', 'orderbook.collection_id')
      .select('orderbook.id')
      .where('collections.slug', 'in', [...slugs])
      .where('orderbook.status', '=', 'active')
      .execute();
    for (const listing of open) {
      const listedAt = new Date(now - rng() * 14 * DAY_MS);
      await trx
        .updateTable('orderbook')
        .set({ listed_at: listedAt, created_at: listedAt })
        .where('id', '=', listing.id)
        .execute();
    }
  });
}
