import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// A collection's all-time volume and sales follow its trades (collection_stats_on_trade_history
// and its _update): a trade counts from its claim ('initiated') while it stays in the sales
// ('mempool', 'confirmed'), and leaves them when sniped or canceled. A move within the sales
// leaves the stats row itself alone (0038): every purchase of the collection would otherwise wait
// for the one before it to commit.

const inscription = (n: number) => `${n.toString(16).padStart(64, 'a')}i0`;

async function addTrade(db: Db, n: number, price: number): Promise<void> {
  await sql`insert into trade_history (order_id, inscription_id, price, maker_address,
      taker_address, collection_slug)
    values (${randomUUID()}, ${inscription(n)}, ${price}, 'bcrt1pmaker', 'bcrt1ptaker', 'stats')`.execute(
    db.kysely,
  );
}

const move = (db: Db, ns: number[], status: string) =>
  sql`update trade_history set trade_status = ${status}
    where inscription_id = any(${ns.map(inscription)}::text[])`.execute(db.kysely);

async function stats(db: Db) {
  const { rows } = await sql<{ volume: string; sales: number; version: string }>`
    select s.volume_all::text as volume, s.sales_all as sales, s.xmin::text as version
    from collection_stats s join collections c on c.id = s.collection_id
    where c.slug = 'stats'`.execute(db.kysely);
  const [row] = rows;
  if (!row) throw new Error('no stats row');
  return row;
}

describe.each(databaseKinds())("a collection's trade stats on %s", (kind) => {
  it('count a trade from its claim to its confirmation, once, without rewriting the stats row on the way', async () => {
    const db = await createTestDb(kind);
    try {
      await sql`insert into collections (slug, name) values ('stats', 'Stats')`.execute(db.kysely);
      await addTrade(db, 1, 1_000);
      await addTrade(db, 2, 2_000);
      const claimed = await stats(db);
      expect([claimed.volume, claimed.sales]).toEqual(['3000', 2]);

      // Broadcast, then mined: still the same two sales, and the row is the same version.
      await move(db, [1, 2], 'mempool');
      await move(db, [1], 'confirmed');
      const moved = await stats(db);
      expect(moved).toEqual(claimed);

      // Sniped: out of the sales; a reorg puts it back in the mempool, and in the sales.
      await move(db, [2], 'sniped');
      const sniped = await stats(db);
      expect([sniped.volume, sniped.sales]).toEqual(['1000', 1]);
      expect(sniped.version).not.toBe(claimed.version);
      await move(db, [2], 'mempool');
      expect(await stats(db)).toMatchObject({ volume: '3000', sales: 2 });

      // One statement moving one trade out and another within the sales nets to the first alone.
      await sql`update trade_history set trade_status = case inscription_id
          when ${inscription(1)} then 'mempool' else 'canceled' end`.execute(db.kysely);
      expect(await stats(db)).toMatchObject({ volume: '1000', sales: 1 });

      // What a rebuild from the trades says.
      const kept = await stats(db);
      await sql`select rebuild_collection_stats()`.execute(db.kysely);
      expect(await stats(db)).toMatchObject({ volume: kept.volume, sales: kept.sales });
    } finally {
      await db.close();
    }
  });
});
