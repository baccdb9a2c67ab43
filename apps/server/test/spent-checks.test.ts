import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { cancelSpentListings } from '../src/features/listings/trade-tracker.queries.ts';
import { byteInscriptionId, byteTxid, insertListingRow } from './helpers/listing-rows.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// The trade tracker's spent checks (mined-checks.ts): a pass after a mempool refresh alone looks
// only at the mempool's spends; a pass that checks blocks also closes listings whose inscription
// a block moved on.

describe.each(databaseKinds())('spent listings on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb(kind);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** The inscription of listing `byte` is indexed at `at`:0 now. */
  async function indexedAt(byte: string, at: string): Promise<void> {
    await db.kysely
      .insertInto('chain_inscriptions')
      .values({
        inscription_id: byteInscriptionId(byte),
        number: String(byte.charCodeAt(0) * 256 + byte.charCodeAt(1)),
        sequence: String(byte.charCodeAt(0) * 256 + byte.charCodeAt(1)),
        genesis_txid: byteTxid(byte),
        genesis_height: 100,
        genesis_time: new Date(),
        genesis_fee: '500',
        content_length: 1,
        txid: byteTxid(at),
        vout: '0',
        sat_offset: '0',
        output_value: '10000',
        location_height: 101,
      })
      .execute();
  }
  const statusOf = async (id: string) =>
    (
      await db.kysely
        .selectFrom('orderbook')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('closes a listing spent in the mempool on every pass, one moved on in a block only when asked', async () => {
    const stays = await insertListingRow(db, 'a1', { status: 'active' });
    await indexedAt('a1', 'a1');
    const inMempool = await insertListingRow(db, 'a2', { status: 'active' });
    await indexedAt('a2', 'a2');
    await db.kysely
      .insertInto('mempool_spends')
      .values({ txid: byteTxid('f2'), prev_txid: byteTxid('a2'), prev_vout: 0 })
      .execute();
    const movedOn = await insertListingRow(db, 'a3', { status: 'active' });
    await indexedAt('a3', 'f3');

    expect(await cancelSpentListings(db, { mined: false })).toEqual([inMempool]);
    expect(await statusOf(movedOn)).toBe('active');
    expect(await cancelSpentListings(db, { mined: true })).toEqual([movedOn]);
    expect(await statusOf(inMempool)).toBe('canceled');
    expect(await statusOf(movedOn)).toBe('canceled');
    expect(await statusOf(stays)).toBe('active');
  });
});
