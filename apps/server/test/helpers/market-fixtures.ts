import { randomBytes, randomUUID } from 'node:crypto';
import { compressedPublicKey, p2trAddress, randomPrivateKey } from '@om/bitcoin';
import type { Db } from '../../src/db/create-db.ts';
import type { TradeStatus } from '../../src/db/market.tables.ts';

// A small market written straight into the tables (no node): three visible collections and one
// under review, their inscriptions as the indexer would have them, listings open and closed over
// the last days, and trades in every status. Times are relative to when the fixture is written.

const HOUR = 3_600_000;
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

const hex64 = () => randomBytes(32).toString('hex');
const address = () => p2trAddress(compressedPublicKey(randomPrivateKey()), 'regtest');

export const people = { alice: address(), bob: address(), carol: address(), dave: address() };

type Item = { key: string; owner: string | null; background: string; body: string };

// rocks: 6 inscriptions (numbers 100-105), three owners and one burned (no address).
const ROCKS: Item[] = [
  { key: 'r0', owner: people.alice, background: 'Blue', body: 'Zombie' },
  { key: 'r1', owner: people.alice, background: 'Red', body: 'Ape' },
  { key: 'r2', owner: people.bob, background: 'Blue', body: 'Ape' },
  { key: 'r3', owner: people.carol, background: 'Green', body: 'Zombie' },
  { key: 'r4', owner: people.alice, background: 'Blue', body: 'Human' },
  { key: 'r5', owner: null, background: 'Red', body: 'Ape' },
];
const PUNKS: Item[] = [
  { key: 'p0', owner: people.dave, background: 'Gold', body: 'Punk' },
  { key: 'p1', owner: people.dave, background: 'Gold', body: 'Punk' },
  { key: 'p2', owner: people.carol, background: 'Silver', body: 'Punk' },
];
const SECRET: Item[] = [{ key: 's0', owner: people.bob, background: 'Blue', body: 'Ape' }];

export type MarketFixture = Awaited<ReturnType<typeof writeMarketFixture>>;

export async function writeMarketFixture(db: Db) {
  const k = db.kysely;
  const collection = async (slug: string, name: string, category: string, hidden = false) => {
    const row = await k
      .insertInto('collections')
      .values({ slug, name, category, is_tradable: !hidden, is_under_review: hidden })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const ids = {
    rocks: await collection('rocks', 'Regtest Rocks', 'art'),
    punks: await collection('punks', 'Block Punks', 'pfp'),
    empty: await collection('empty', 'Empty Set', 'art'),
    secret: await collection('secret', 'Secret Stash', 'music', true),
  };

  const items = new Map<string, { id: string; txid: string; number: number }>();
  let number = 100;
  for (const [collectionId, list, prefix] of [
    [ids.rocks, ROCKS, 'Rock'],
    [ids.punks, PUNKS, 'Punk'],
    [ids.secret, SECRET, 'Secret'],
  ] as const) {
    for (const [index, item] of list.entries()) {
      const txid = hex64();
      const id = `${txid}i0`;
      items.set(item.key, { id, txid, number });
      await k
        .insertInto('inscriptions')
        .values({ inscription_id: id, collection_id: collectionId, name: `${prefix} #${index}` })
        .execute();
      await k
        .insertInto('attributes')
        .values([
          {
            inscription_id: id,
            collection_id: collectionId,
            category: 'Background',
            value: item.background,
          },
          { inscription_id: id, collection_id: collectionId, category: 'Body', value: item.body },
        ])
        .execute();
      await k
        .insertInto('chain_inscriptions')
        .values({
          inscription_id: id,
          number: String(number),
          sequence: String(number),
          genesis_txid: txid,
          genesis_height: 200,
          genesis_time: hoursAgo(24 * 60),
          genesis_fee: '500',
          content_type: 'image/png',
          content_length: 10,
          txid,
          vout: '0',
          sat_offset: '0',
          output_value: '10000',
          address: item.owner,
          location_height: 200,
        })
        .execute();
      number += 1;
    }
  }
  const item = (key: string) => items.get(key) ?? { id: '', txid: '', number: 0 };

  const listing = async (
    key: string,
    collectionId: string,
    price: number,
    listedHoursAgo: number,
    closed?: { hoursAgo: number; status: 'broadcast' | 'canceled' },
    isSnipeProtected = false,
  ) => {
    const { id, txid } = item(key);
    const owner = [...ROCKS, ...PUNKS].find((i) => i.key === key)?.owner ?? people.alice;
    const row = await k
      .insertInto('orderbook')
      .values({
        inscription_id: id,
        collection_id: collectionId,
        status: closed?.status ?? 'active',
        price: String(price),
        maker_fee: String(price / 100),
        outpoint: `${txid}:0`,
        output_value: '10000',
        maker_payment_address: owner,
        maker_ordinal_address: owner,
        is_snipe_protected: isSnipeProtected,
        listed_at: hoursAgo(listedHoursAgo),
        closed_at: closed ? hoursAgo(closed.hoursAgo) : null,
        created_at: hoursAgo(listedHoursAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  // Floor now: r2 at 20,000. A day ago r1 (10,000) was still on sale: the floor was 10,000.
  const listings = {
    r0: await listing('r0', ids.rocks, 50_000, 3),
    r2: await listing('r2', ids.rocks, 20_000, 30),
    r4: await listing('r4', ids.rocks, 80_000, 2, undefined, true),
    r1Sold: await listing('r1', ids.rocks, 10_000, 48, { hoursAgo: 20, status: 'broadcast' }),
    r3Canceled: await listing('r3', ids.rocks, 5_000, 240, { hoursAgo: 216, status: 'canceled' }),
    p1: await listing('p1', ids.punks, 40_000, 120),
  };

  const trade = async (
    key: string,
    slug: string,
    status: TradeStatus,
    price: number,
    createdHoursAgo: number,
    orderId: string = randomUUID(),
    maker = people.alice,
  ) => {
    const row = await k
      .insertInto('trade_history')
      .values({
        order_id: orderId,
        transaction_id: hex64(),
        inscription_id: item(key).id,
        price: String(price),
        trade_status: status,
        finalized: status === 'confirmed',
        maker_address: maker,
        taker_address: key === 'r1' ? people.bob : people.carol,
        fee_rate: '2.5',
        inscription_name: key,
        collection_slug: slug,
        created_at: hoursAgo(createdHoursAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, orderId };
  };
  // rocks: 1 day 17,000 in 2 sales; 7 days 47,000; 30 days 48,000; all 50,000 in 5 sales.
  const trades = {
    sold: await trade('r1', 'rocks', 'confirmed', 10_000, 20, listings.r1Sold),
    recent: await trade('r0', 'rocks', 'confirmed', 30_000, 72),
    mempool: await trade('r2', 'rocks', 'mempool', 7_000, 0.8),
    canceled: await trade('r4', 'rocks', 'canceled', 99_000, 2),
    sniped: await trade('r3', 'rocks', 'sniped', 55_000, 5),
    initiated: await trade('r5', 'rocks', 'initiated', 1_000, 240),
    old: await trade('r0', 'rocks', 'confirmed', 2_000, 24 * 40),
    punks: await trade('p0', 'punks', 'confirmed', 100_000, 24 * 40),
    // A collection under review shows no activity.
    hidden: await trade('s0', 'secret', 'confirmed', 9_000, 3, undefined, people.dave),
  };
  return { ids, item, listings, trades };
}
