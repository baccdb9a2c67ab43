import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { cancelSpentListings } from '../src/features/listings/trade-tracker.queries.ts';
import { closeSpentLaunchItems } from '../src/trading/launch-items.queries.ts';
import {
  byteInscriptionId,
  byteTxid,
  insertListingRow,
  insertLivePhase,
} from './helpers/listing-rows.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// The trade tracker's spent checks (mined-checks.ts): a pass after a mempool refresh alone looks
// only at the mempool's spends; a pass that checks blocks also closes listings and launch items
// whose inscription a block moved on.

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

  it('uncounts a launch item moved on in a block only on a pass that checks blocks', async () => {
    const { launchpadId, phaseId } = await insertLivePhase(db, {
      slug: 'moved-on',
      price: 10_000n,
      makerPaymentAddress: 'maker',
      makerPaymentPublicKey: 'maker',
    });
    const counts = { total_inscriptions: 2, remaining_inscriptions: 2 };
    await db.kysely.updateTable('launchpads').set(counts).where('id', '=', launchpadId).execute();
    await db.kysely.updateTable('launchpad_phases').set(counts).where('id', '=', phaseId).execute();
    const item = async (byte: string) => {
      await db.kysely
        .insertInto('inscriptions')
        .values({ inscription_id: byteInscriptionId(byte) })
        .execute();
      const { id } = await db.kysely
        .insertInto('orderbook')
        .values({
          inscription_id: byteInscriptionId(byte),
          phase_id: phaseId,
          status: 'active',
          price: 10_000n,
          outpoint: `${byteTxid(byte)}:0`,
          output_value: 10_000n,
          maker_payment_address: 'maker',
          maker_ordinal_address: 'maker',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    };
    const transfer = (byte: string, height: number, txid: string) =>
      db.kysely
        .insertInto('chain_transfers')
        .values({
          inscription_id: byteInscriptionId(byte),
          height,
          seq: 0,
          txid,
          vout: '0',
          sat_offset: '0',
          output_value: '10000',
          address: 'maker',
        })
        .execute();
    const held = await item('b1');
    await indexedAt('b1', 'b1');
    await transfer('b1', 100, byteTxid('b1'));
    // The creator's key alone spent b2's output after the timelock, mined at 101.
    const gone = await item('b2');
    await indexedAt('b2', 'f5');
    await transfer('b2', 100, byteTxid('b2'));
    await transfer('b2', 101, byteTxid('f5'));
    const launch = () =>
      db.kysely
        .selectFrom('launchpads')
        .select(['total_inscriptions', 'remaining_inscriptions'])
        .where('id', '=', launchpadId)
        .executeTakeFirstOrThrow();

    expect(await closeSpentLaunchItems(db, { mined: false })).toEqual([]);
    expect(await statusOf(gone)).toBe('active');
    expect(await closeSpentLaunchItems(db, { mined: true })).toEqual([gone]);
    expect(await statusOf(gone)).toBe('canceled');
    expect(await statusOf(held)).toBe('active');
    expect(await launch()).toEqual({ total_inscriptions: 1, remaining_inscriptions: 1 });
  });
});
