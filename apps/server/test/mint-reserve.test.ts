import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { reserveItems } from '../src/features/launchpad/launch-mint.queries.ts';
import { byteInscriptionId, byteTxid, insertLivePhase } from './helpers/listing-rows.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// The reservation's pick (db/functions/mint_reserve.sql): free items oldest first, those never held
// (or given back) before those whose hold lapsed, all or none, never an item held for another.

const PRICE = 10_000n;

describe.each(databaseKinds())('mint_reserve on %s', (kind) => {
  let db: Db;
  let phaseId: string;
  const items: string[] = [];
  beforeAll(async () => {
    db = await createTestDb(kind);
    const k = db.kysely;
    ({ phaseId } = await insertLivePhase(db, {
      slug: 'pick',
      price: PRICE,
      makerPaymentAddress: 'maker',
      makerPaymentPublicKey: 'maker',
    }));
    // The batch's PSBTs are never read by the pick.
    const batch = await k
      .insertInto('psbt_batches')
      .values({
        phase_id: phaseId,
        batch_number: 0,
        inscription_count: 4,
        status: 'signed',
        kind: 'listing',
        psbt: 'unread',
        signed_psbt: 'unread',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bytes = ['a0', 'a1', 'a2', 'a3'];
    await k
      .insertInto('inscriptions')
      .values(bytes.map((b) => ({ inscription_id: byteInscriptionId(b) })))
      .execute();
    const rows = await k
      .insertInto('orderbook')
      .values(
        bytes.map((b, index) => ({
          inscription_id: byteInscriptionId(b),
          phase_id: phaseId,
          psbt_batch_id: batch.id,
          index_in_maker_psbt: index,
          status: 'active' as const,
          price: PRICE,
          outpoint: `${byteTxid(b)}:0`,
          output_value: 10_000n,
          maker_payment_address: 'maker',
          maker_ordinal_address: 'maker',
        })),
      )
      .returning('id')
      .execute();
    items.push(...rows.map((r) => r.id));
  });
  afterAll(async () => {
    await db?.close();
  });

  const reserve = (taker: string, count: number, until = new Date(Date.now() + 60_000)) =>
    reserveItems(db, {
      phaseId,
      allocation: null,
      entry: null,
      count,
      takerOrdinalAddress: `${taker}-ord`,
      takerPaymentAddress: `${taker}-pay`,
      until,
    });
  /** The reserved items by their place in the batch (an UPDATE answers its rows in any order). */
  const ids = (r: Awaited<ReturnType<typeof reserve>>) =>
    r.ok ? r.rows.map((x) => x.id).sort((x, y) => items.indexOf(x) - items.indexOf(y)) : r;

  it('takes items never held first, then lapsed holds, and refuses what only others hold', async () => {
    // a holds the two oldest; their hold lapses.
    expect(ids(await reserve('a', 2))).toEqual([items[0], items[1]]);
    await db.kysely
      .updateTable('orderbook')
      .set({ reserved_until: new Date(Date.now() - 1_000) })
      .where('id', 'in', [items[0]!, items[1]!])
      .execute();
    // b asks three: the two never held first, then the oldest lapsed one.
    expect(ids(await reserve('b', 3))).toEqual([items[0], items[2], items[3]]);
    // One is left to c, lapsed; two are not, and nothing is held for c.
    expect(await reserve('c', 2)).toEqual({ ok: false, reason: 'sold-out', left: 1 });
    const heldForC = await db.kysely
      .selectFrom('orderbook')
      .select('id')
      .where('taker_ordinal_address', '=', 'c-ord')
      .execute();
    expect(heldForC).toEqual([]);
    expect(ids(await reserve('c', 1))).toEqual([items[1]]);
    expect(await reserve('d', 1)).toEqual({ ok: false, reason: 'sold-out', left: 0 });
  });
});
