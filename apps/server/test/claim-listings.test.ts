import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/create-db.ts';
import { claimListings, markBroadcast } from '../src/trading/offers.queries.ts';
import {
  byteInscriptionId as inscriptionId,
  byteTxid as txid,
  insertListingRow,
} from './helpers/listing-rows.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// The claim that sells listings exactly once (db/functions/claim_listings.sql): all or none, with
// the trades and the journal, and for a mint only while the items are reserved for the taker.

const taker = { takerPaymentAddress: 'taker-pay', takerOrdinalAddress: 'taker-ord' };

describe.each(databaseKinds())('claimListings on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb(kind);
  });
  afterAll(async () => {
    await db?.close();
  });

  const listing = (
    byte: string,
    status: 'active' | 'broadcast',
    reservation?: { taker: string; until: Date },
  ) => insertListingRow(db, byte, { status, price: 12_345n, reservation });

  function claim(ids: string[], byte: string, mintPhaseId?: string) {
    const bought = txid(byte);
    return claimListings(db, {
      ids,
      transactionId: bought,
      ...taker,
      mintPhaseId,
      trades: ids.map((id, i) => ({
        listingId: id,
        inscriptionId: inscriptionId(`e${i}`),
        price: 12_345n,
        makerAddress: 'maker',
        takerAddress: taker.takerOrdinalAddress,
        feeRate: 2.5,
        inscriptionName: `Item ${i}`,
        collectionSlug: null,
        isSnipeProtected: false,
      })),
      journal: {
        kind: 'purchase',
        ref: `offer-${byte}`,
        transactions: [{ hex: 'ab', txid: bought }],
      },
    });
  }

  const journalOf = (byte: string) =>
    db.kysely
      .selectFrom('claimed_transactions')
      .select(['hexes', 'txids', 'status'])
      .where('ref', '=', `offer-${byte}`)
      .execute();
  const tradesOf = (byte: string) =>
    db.kysely
      .selectFrom('trade_history')
      .select(['order_id', 'price', 'fee_rate', 'trade_status', 'inscription_name'])
      .where('transaction_id', '=', txid(byte))
      .orderBy('inscription_name')
      .execute();
  const rowOf = (id: string) =>
    db.kysely
      .selectFrom('orderbook')
      .select(['status', 'transaction_id', 'taker_payment_address', 'taker_ordinal_address'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('sells every listing to the transaction, with its trades and its journal', async () => {
    const ids = [await listing('a1', 'active'), await listing('a2', 'active')];
    expect(await claim(ids, 'c1')).toBeUndefined();
    for (const id of ids) {
      expect(await rowOf(id)).toEqual({
        status: 'broadcast',
        transaction_id: txid('c1'),
        taker_payment_address: 'taker-pay',
        taker_ordinal_address: 'taker-ord',
      });
    }
    expect(await tradesOf('c1')).toEqual([
      {
        order_id: ids[0],
        price: '12345',
        fee_rate: '2.500',
        trade_status: 'initiated',
        inscription_name: 'Item 0',
      },
      {
        order_id: ids[1],
        price: '12345',
        fee_rate: '2.500',
        trade_status: 'initiated',
        inscription_name: 'Item 1',
      },
    ]);
    expect(await journalOf('c1')).toEqual([
      { hexes: ['ab'], txids: [txid('c1')], status: 'claimed' },
    ]);
  });

  it('answers the first listing sold already, and keeps nothing of the claim', async () => {
    const free = await listing('b1', 'active');
    const sold = await listing('b2', 'broadcast');
    expect(await claim([free, sold], 'c2')).toBe(sold);
    expect(await rowOf(free)).toMatchObject({ status: 'active', transaction_id: null });
    expect(await tradesOf('c2')).toEqual([]);
    expect(await journalOf('c2')).toEqual([]);
  });

  it('claims a mint only while the items are reserved for this taker', async () => {
    const phase = '00000000-0000-4000-8000-000000000001';
    const soon = new Date(Date.now() + 60_000);
    const mine = await listing('d1', 'active', { taker: 'taker-ord', until: soon });
    const theirs = await listing('d2', 'active', { taker: 'someone-else', until: soon });
    const lapsed = await listing('d3', 'active', {
      taker: 'taker-ord',
      until: new Date(Date.now() - 1_000),
    });
    expect(await claim([mine, theirs], 'c3', phase)).toBe(theirs);
    expect(await claim([mine, lapsed], 'c4', phase)).toBe(lapsed);
    expect(await rowOf(mine)).toMatchObject({ status: 'active', transaction_id: null });
    expect(await claim([mine], 'c5', phase)).toBeUndefined();
    expect(await rowOf(mine)).toMatchObject({ status: 'broadcast', transaction_id: txid('c5') });
  });

  // A mint's hold ends with its broadcast (the wallet may hold its next offer at once); other
  // holders' holds stay.
  it('marks the purchase broadcast and ends only the hold it names', async () => {
    const id = await listing('f1', 'active');
    expect(await claim([id], 'c6')).toBeUndefined();
    const until = new Date(Date.now() + 60_000);
    await sql`insert into reservation_holds (holder, wallet, client, expires_at) values
      ('mint:p:mine', 'w1', 'c', ${until}), ('mint:p:other', 'w2', 'c', ${until})`.execute(
      db.kysely,
    );
    const holders = async () =>
      (
        await sql<{ holder: string }>`select holder from reservation_holds order by holder`.execute(
          db.kysely,
        )
      ).rows.map((r) => r.holder);
    await markBroadcast(db, 'offer-c6', txid('c6'));
    expect(await holders()).toEqual(['mint:p:mine', 'mint:p:other']);
    await markBroadcast(db, 'offer-c6', txid('c6'), 'mint:p:mine');
    expect(await holders()).toEqual(['mint:p:other']);
    expect((await tradesOf('c6')).map((t) => t.trade_status)).toEqual(['mempool']);
    expect((await journalOf('c6')).map((j) => j.status)).toEqual(['sent']);
  });
});
