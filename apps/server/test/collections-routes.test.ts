import { randomBytes, randomUUID } from 'node:crypto';
import { compressedPublicKey, p2trAddress, randomPrivateKey } from '@om/bitcoin';
import {
  ActivityPayloadSchema,
  CollectionInscriptionsPayloadSchema,
  CollectionPayloadSchema,
  CollectionsPayloadSchema,
  FloorChartPayloadSchema,
  ListingsPayloadSchema,
  OrderbookPayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { EsploraChainSource } from '../src/chain/sources/esplora-chain-source.ts';
import { LocalInscriptions } from '../src/chain/sources/local-inscriptions.ts';
import type { Db } from '../src/db/create-db.ts';
import { loadEnv } from '../src/env.ts';
import { ChainEvents } from '../src/indexer/chain-events.ts';
import {
  hoursAgo,
  people,
  writeMarketFixture,
  type MarketFixture,
} from './helpers/market-fixtures.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// The market's read side (ADR 007 "Browse"; product.md#market-screens, #market-calls "Data
// queries") on a fixture market: exact figures, filters, sorts, paging, chart buckets, activity
// windows, and a 400 naming the field for bad input. These reads need no node: the chain source
// points nowhere and is never asked.

describe.each(databaseKinds())('market reads on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let m: MarketFixture;

  beforeAll(async () => {
    db = await createTestDb(kind);
    const env = loadEnv({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      READ_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    const source = new EsploraChainSource({
      baseUrl: 'http://127.0.0.1:9/',
      inscriptions: new LocalInscriptions(db),
    });
    app = await buildApp({
      env,
      db,
      chain: { source, events: new ChainEvents() },
      jwtSecret: randomBytes(32),
      log: pino({ level: 'silent' }),
    });
    m = await writeMarketFixture(db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  async function payload<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return schema.parse(res.json().payload);
  }
  async function refused(url: string, status: number, msg: string | RegExp) {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { success: boolean; error: string; errors: { msg: string }[] };
    expect(body.success).toBe(false);
    expect(body.errors[0]?.msg).toMatch(msg);
    return body;
  }
  const idsOf = (list: { inscriptionId: string }[]) => list.map((i) => i.inscriptionId);
  const keys = (...names: string[]) => names.map((n) => m.item(n).id);

  describe('collections', () => {
    it('lists visible collections with their figures, biggest all-time volume first', async () => {
      const { collections, total } = await payload('/api/collections', CollectionsPayloadSchema);
      expect(total).toBe(3);
      expect(collections.map((c) => c.slug)).toEqual(['punks', 'rocks', 'empty']);
      expect(collections[1]).toEqual({
        id: Number(m.ids.rocks),
        slug: 'rocks',
        name: 'Regtest Rocks',
        icon: null,
        category: 'art',
        isZeroFee: false,
        floorPrice: '20000',
        volume: '50000',
        volume1d: '17000',
        listedCount: 3,
        supply: 6,
        owners: 3,
        percentChange: 100,
      });
      expect(collections[0]).toMatchObject({ floorPrice: '40000', percentChange: 0, owners: 2 });
      expect(collections[2]).toMatchObject({
        floorPrice: null,
        percentChange: null,
        volume: '0',
        volume1d: '0',
        supply: 0,
        owners: 0,
      });
    });

    it.each([
      ['volume_1d_desc', ['rocks', 'punks', 'empty']],
      ['floor_asc', ['rocks', 'punks', 'empty']],
      ['floor_desc', ['punks', 'rocks', 'empty']],
      ['listed_desc', ['rocks', 'punks', 'empty']],
      ['owners_desc', ['rocks', 'punks', 'empty']],
      ['change_desc', ['rocks', 'punks', 'empty']],
      ['name_asc', ['punks', 'empty', 'rocks']],
    ])('sorts by %s', async (sort, slugs) => {
      const { collections } = await payload(
        `/api/collections?sort=${sort}`,
        CollectionsPayloadSchema,
      );
      expect(collections.map((c) => c.slug)).toEqual(slugs);
    });

    it('searches, filters by category and pages, with the total of the whole list', async () => {
      const search = await payload('/api/collections?search=ROCK', CollectionsPayloadSchema);
      expect([search.total, search.collections.map((c) => c.slug)]).toEqual([1, ['rocks']]);
      const art = await payload('/api/collections?category=art', CollectionsPayloadSchema);
      expect([art.total, art.collections.map((c) => c.slug)]).toEqual([2, ['rocks', 'empty']]);
      const page = await payload('/api/collections?limit=1&offset=1', CollectionsPayloadSchema);
      expect([page.total, page.collections.map((c) => c.slug)]).toEqual([3, ['rocks']]);
      const past = await payload('/api/collections?offset=10', CollectionsPayloadSchema);
      expect([past.total, past.collections]).toEqual([3, []]);
      const wild = await payload('/api/collections?search=%25_', CollectionsPayloadSchema);
      expect(wild.total).toBe(0);
    });

    it('counts categories of visible collections only, biggest first', async () => {
      const res = await get('/api/collections/categories');
      expect(res.json().payload).toEqual({
        categories: [
          { category: 'art', count: 2 },
          { category: 'pfp', count: 1 },
        ],
      });
      const second = await get('/api/collections/categories?offset=1&limit=1');
      expect(second.json().payload.categories).toEqual([{ category: 'pfp', count: 1 }]);
    });

    it('answers a collection with its stats row: volumes by window, sales, floor change', async () => {
      const { collection, stats } = await payload(
        '/api/collections/rocks',
        CollectionPayloadSchema,
      );
      expect(collection).toMatchObject({
        slug: 'rocks',
        name: 'Regtest Rocks',
        isTradable: true,
        isUnderReview: false,
        extraMetadata: {},
      });
      expect(stats).toEqual({
        floorPrice: '20000',
        percentChange: 100,
        volume1d: '17000',
        volume7d: '47000',
        volume30d: '48000',
        volumeAll: '50000',
        sales1d: 2,
        salesAll: 5,
        listed: 3,
        supply: 6,
        owners: 3,
      });
    });

    it('answers 404 for an unknown slug and for a collection under review', async () => {
      for (const path of ['', '/floor-chart?period=1%20day', '/inscriptions', '/traits']) {
        await refused(`/api/collections/nope${path}`, 404, 'Collection nope not found.');
        await refused(`/api/collections/secret${path}`, 404, 'Collection secret not found.');
      }
      const { collections } = await payload(
        '/api/collections?limit=1000',
        CollectionsPayloadSchema,
      );
      expect(collections.map((c) => c.slug)).not.toContain('secret');
    });

    it('keeps the cached figures in step with writes to the tables', async () => {
      const k = db.kysely;
      const stats = async () =>
        (await payload('/api/collections/rocks', CollectionPayloadSchema)).stats;
      // r2 (bob) moves to alice: owners alice and carol; r2's listing closes: the floor is r0's.
      await k
        .updateTable('chain_inscriptions')
        .set({ address: people.alice })
        .where('inscription_id', '=', m.item('r2').id)
        .execute();
      await k
        .updateTable('orderbook')
        .set({ status: 'canceled', closed_at: new Date() })
        .where('id', '=', m.listings.r2)
        .execute();
      await k
        .updateTable('trade_history')
        .set({ trade_status: 'canceled' })
        .where('id', '=', m.trades.mempool.id)
        .execute();
      expect(await stats()).toMatchObject({
        owners: 2,
        floorPrice: '50000',
        listed: 2,
        volumeAll: '43000',
        salesAll: 4,
      });

      await k
        .updateTable('chain_inscriptions')
        .set({ address: people.bob })
        .where('inscription_id', '=', m.item('r2').id)
        .execute();
      await k
        .updateTable('orderbook')
        .set({ status: 'active', closed_at: null })
        .where('id', '=', m.listings.r2)
        .execute();
      await k
        .updateTable('trade_history')
        .set({ trade_status: 'mempool' })
        .where('id', '=', m.trades.mempool.id)
        .execute();
      expect(await stats()).toMatchObject({
        owners: 3,
        floorPrice: '20000',
        listed: 3,
        volumeAll: '50000',
        salesAll: 5,
      });

      // Recomputing everything from the tables gives what the triggers kept. The rebuild numbers
      // slots afresh, so the listed bit strings are compared as the items they select; it gives
      // every page a new version, so those are left out.
      const cached = async () =>
        (
          await sql<{ listed_bits: string; page_version: string }>`
            select s.*, array(
              select n.inscription_id from collection_items n
              where n.collection_id = s.collection_id and n.slot = any (set_bits(s.listed_bits))
              order by 1) as listed_bits
            from collection_stats s order by s.collection_id
          `.execute(k)
        ).rows.map(({ page_version: _version, ...figures }) => figures);
      const kept = await cached();
      await sql`select rebuild_collection_stats()`.execute(k);
      expect(await cached()).toEqual(kept);
    });

    it('follows a reorg and an inscription moving to another collection', async () => {
      const k = db.kysely;
      const stats = async (slug: string) =>
        (await payload(`/api/collections/${slug}`, CollectionPayloadSchema)).stats;
      const byNumber = async () =>
        idsOf(
          (
            await payload(
              '/api/collections/rocks/inscriptions?sort=number_asc',
              CollectionInscriptionsPayloadSchema,
            )
          ).inscriptions,
        );
      // A reorg takes r3 (carol's only rock) off the index: one owner less, and no number.
      const r3 = m.item('r3').id;
      const indexed = await k
        .selectFrom('chain_inscriptions')
        .selectAll()
        .where('inscription_id', '=', r3)
        .executeTakeFirstOrThrow();
      await k.deleteFrom('chain_inscriptions').where('inscription_id', '=', r3).execute();
      expect(await stats('rocks')).toMatchObject({ owners: 2, supply: 6 });
      expect(await byNumber()).toEqual(keys('r0', 'r1', 'r2', 'r4', 'r5', 'r3'));
      await k.insertInto('chain_inscriptions').values(indexed).execute();
      expect(await stats('rocks')).toMatchObject({ owners: 3, supply: 6 });
      expect(await byNumber()).toEqual(keys('r0', 'r1', 'r2', 'r3', 'r4', 'r5'));

      // r1 (alice's, with r0 and r4) moves to punks and back.
      const move = (to: string) =>
        k
          .updateTable('inscriptions')
          .set({ collection_id: to })
          .where('inscription_id', '=', m.item('r1').id)
          .execute();
      await move(m.ids.punks);
      expect(await stats('rocks')).toMatchObject({ owners: 3, supply: 5 });
      expect(await stats('punks')).toMatchObject({ owners: 3, supply: 4 });
      await move(m.ids.rocks);
      expect(await stats('rocks')).toMatchObject({ owners: 3, supply: 6 });
      expect(await stats('punks')).toMatchObject({ owners: 2, supply: 3 });
    });
  });

  describe('a collection’s inscriptions', () => {
    const page = (query = '') =>
      payload(`/api/collections/rocks/inscriptions${query}`, CollectionInscriptionsPayloadSchema);

    it('shows listed ones cheapest first, then the others by number, 20 a page', async () => {
      const { inscriptions, total } = await page();
      expect(total).toBe(6);
      expect(idsOf(inscriptions)).toEqual(keys('r2', 'r0', 'r4', 'r1', 'r3', 'r5'));
      expect(inscriptions[0]).toEqual({
        inscriptionId: m.item('r2').id,
        number: 102,
        name: 'Rock #2',
        contentType: 'image/png',
        owner: people.bob,
        listingId: m.listings.r2,
        price: '20000',
        isSnipeProtected: false,
        listedAt: expect.any(String),
      });
      expect(inscriptions[2]).toMatchObject({ price: '80000', isSnipeProtected: true });
      expect(inscriptions[5]).toMatchObject({
        number: 105,
        owner: null,
        listingId: null,
        price: null,
      });
    });

    it.each([
      ['price_desc', ['r4', 'r0', 'r2', 'r1', 'r3', 'r5']],
      ['recently_listed', ['r4', 'r0', 'r2', 'r1', 'r3', 'r5']],
      ['number_asc', ['r0', 'r1', 'r2', 'r3', 'r4', 'r5']],
      ['number_desc', ['r5', 'r4', 'r3', 'r2', 'r1', 'r0']],
    ])('sorts by %s', async (sort, order) => {
      expect(idsOf((await page(`?sort=${sort}`)).inscriptions)).toEqual(keys(...order));
    });

    it.each([
      ['?status=listed', ['r2', 'r0', 'r4']],
      ['?status=unlisted', ['r1', 'r3', 'r5']],
      ['?status=listed&sort=number_desc', ['r4', 'r2', 'r0']],
      ['?status=unlisted&sort=number_desc', ['r5', 'r3', 'r1']],
      ['?minPrice=30000', ['r0', 'r4']],
      ['?minPrice=20000&maxPrice=60000', ['r2', 'r0']],
      ['?maxPrice=60000&sort=number_asc', ['r0', 'r2']],
      ['?status=unlisted&minPrice=1', []],
      ['?trait=Background:Blue', ['r2', 'r0', 'r4']],
      ['?trait=Background:Blue&trait=Background:Red', ['r2', 'r0', 'r4', 'r1', 'r5']],
      ['?trait=Background:Blue&trait=Body:Ape', ['r2']],
      ['?trait=Background:Red&trait=Body:Ape', ['r1', 'r5']],
      ['?trait=Background:Red&trait=Background:Blue&trait=Body:Zombie', ['r0']],
      ['?trait=Background:Blue&status=unlisted', []],
      ['?trait=Background:Nope', []],
      ['?search=rock%20%233', ['r3']],
      ['?search=104', ['r4']],
      ['?search=ROCK&status=listed&maxPrice=50000', ['r2', 'r0']],
    ])('filters %s, with the total of what they select', async (query, order) => {
      const { inscriptions, total } = await page(query);
      expect(idsOf(inscriptions)).toEqual(keys(...order));
      expect(total).toBe(order.length);
    });

    it('pages across the listed and unlisted parts, and past the end', async () => {
      expect(idsOf((await page('?limit=2&offset=2')).inscriptions)).toEqual(keys('r4', 'r1'));
      expect(idsOf((await page('?limit=2&offset=4')).inscriptions)).toEqual(keys('r3', 'r5'));
      expect(await page('?offset=10')).toEqual({ inscriptions: [], total: 6 });
      expect(await page('?offset=10&trait=Body:Ape')).toEqual({ inscriptions: [], total: 3 });
      const empty = await payload(
        '/api/collections/empty/inscriptions',
        CollectionInscriptionsPayloadSchema,
      );
      expect(empty).toEqual({ inscriptions: [], total: 0 });
    });

    it('counts trait values per category', async () => {
      const res = await get('/api/collections/rocks/traits');
      expect(res.json().payload).toEqual({
        traits: [
          {
            category: 'Background',
            values: [
              { value: 'Blue', count: 3 },
              { value: 'Red', count: 2 },
              { value: 'Green', count: 1 },
            ],
          },
          {
            category: 'Body',
            values: [
              { value: 'Ape', count: 3 },
              { value: 'Zombie', count: 2 },
              { value: 'Human', count: 1 },
            ],
          },
        ],
      });
      expect((await get('/api/collections/empty/traits')).json().payload).toEqual({ traits: [] });
    });
  });

  describe('the floor price chart', () => {
    const BUCKET_MS = {
      '1 day': 300_000,
      '7 days': 3_600_000,
      '30 days': 86_400_000,
      '6 months': 604_800_000,
    };
    const chart = (period: string) =>
      payload(
        `/api/collections/rocks/floor-chart?period=${encodeURIComponent(period)}`,
        FloorChartPayloadSchema,
      );
    const floorAt = (
      points: { timestamp: string; value: string | null }[],
      step: number,
      at: Date,
    ) =>
      points.find(
        (p) =>
          Date.parse(p.timestamp) <= at.getTime() && at.getTime() < Date.parse(p.timestamp) + step,
      )?.value;

    it.each(Object.entries(BUCKET_MS))(
      '%s: one point per bucket from the period’s start to now',
      async (period, step) => {
        const asked = Date.now();
        const { bucket, points } = await chart(period);
        const answered = Date.now();
        expect(bucket).toBe(
          { '1 day': '5 minutes', '7 days': '1 hour', '30 days': '1 day', '6 months': '1 week' }[
            period
          ],
        );
        const times = points.map((p) => Date.parse(p.timestamp));
        times.slice(1).forEach((t, i) => expect(t - times[i]!).toBe(step));
        const start =
          period === '6 months'
            ? new Date(asked).setUTCMonth(new Date(asked).getUTCMonth() - 6)
            : asked - (step === 300_000 ? 1 : step === 3_600_000 ? 7 : 30) * 86_400_000;
        expect(times[0]).toBeLessThanOrEqual(start);
        expect(times[0]! + step).toBeGreaterThan(start - (answered - asked));
        expect(times.at(-1)).toBeLessThanOrEqual(answered);
        expect(times.at(-1)! + step).toBeGreaterThan(asked);
        if (period !== '6 months')
          expect(points).toHaveLength(Math.round((times.at(-1)! - times[0]!) / step) + 1);
      },
    );

    it('puts the floor of the listings on sale in each bucket', async () => {
      const day = (await chart('1 day')).points;
      expect(floorAt(day, BUCKET_MS['1 day'], new Date())).toBe('20000');
      expect(floorAt(day, BUCKET_MS['1 day'], hoursAgo(22))).toBe('10000');
      expect(floorAt(day, BUCKET_MS['1 day'], hoursAgo(19.5))).toBe('20000');
      const month = (await chart('30 days')).points;
      expect(floorAt(month, BUCKET_MS['30 days'], hoursAgo(228))).toBe('5000');
      expect(floorAt(month, BUCKET_MS['30 days'], hoursAgo(24 * 20))).toBeNull();
      const week = (await chart('7 days')).points;
      expect(floorAt(week, BUCKET_MS['7 days'], hoursAgo(1))).toBe('20000');
      expect(floorAt(week, BUCKET_MS['7 days'], hoursAgo(40))).toBe('10000');
      expect(floorAt(week, BUCKET_MS['7 days'], hoursAgo(2.5))).toBe('20000');
      expect(floorAt(week, BUCKET_MS['7 days'], hoursAgo(100))).toBeNull();
      const half = (await chart('6 months')).points;
      expect(half[0]?.value).toBeNull();
      expect(floorAt(half, BUCKET_MS['6 months'], hoursAgo(226))).toBe('5000');
    });

    it.each(['', '?period=2%20days', '?period=1day', '?period=1%20day&period=7%20days'])(
      'refuses any other period %s with the spec’s message',
      async (query) => {
        const body = await refused(
          `/api/collections/rocks/floor-chart${query}`,
          400,
          'Invalid time period for collection floor price chart',
        );
        expect(body.error).toBe('Invalid time period for collection floor price chart');
      },
    );
  });

  describe('activity and the order book', () => {
    it('shows the last day’s trades of every collection, newest first, canceled ones never', async () => {
      const { activity } = await payload('/api/activity', ActivityPayloadSchema);
      expect(activity.map((a) => a.id)).toEqual([
        m.trades.mempool.id,
        m.trades.sniped.id,
        m.trades.sold.id,
      ]);
      expect(activity[2]).toEqual({
        id: m.trades.sold.id,
        listingId: m.listings.r1Sold,
        inscriptionId: m.item('r1').id,
        price: '10000',
        state: 'confirmed',
        finalized: true,
        txId: expect.stringMatching(/^[0-9a-f]{64}$/),
        makerOrdinalAddress: people.alice,
        takerOrdinalAddress: people.bob,
        feeRate: 2.5,
        thumbnailUrl: null,
        inscriptionName: 'r1',
        collectionSlug: 'rocks',
        sniperFeeRate: null,
        isSnipeProtected: false,
        blockHeight: null,
        createdAt: expect.any(String),
      });
    });

    it.each([
      ['?interval=1%20hour', ['mempool']],
      ['?interval=7%20days&slug=rocks', ['mempool', 'sniped', 'sold', 'recent']],
      ['?interval=10%20years&slug=punks', ['punks']],
      ['?interval=10%20years&limit=2&offset=5', ['old', 'punks']],
      ['?interval=9999%20years&slug=nope', []],
      ['?interval=9999%20years&slug=secret', []],
    ] as const)('filters by interval and slug: %s', async (query, names) => {
      const { activity } = await payload(`/api/activity${query}`, ActivityPayloadSchema);
      const byId = new Map(Object.entries(m.trades).map(([name, t]) => [t.id, name]));
      const got = activity.map((a) => byId.get(a.id));
      // 'old' and 'punks' were made 40 days ago in the same millisecond or two: either order.
      if (query.includes('limit=2')) expect([...got].sort()).toEqual([...names].sort());
      else expect(got).toEqual(names);
    });

    it('answers an address’s trades as maker or taker, and the trades of orders', async () => {
      const bob = await payload(`/api/address/${people.bob}/activity`, ActivityPayloadSchema);
      expect(bob.activity.map((a) => a.id)).toEqual([m.trades.sold.id]);
      const alice = await payload(
        `/api/address/${people.alice}/activity?limit=3&offset=1`,
        ActivityPayloadSchema,
      );
      expect(alice.activity.map((a) => a.id)).toEqual([
        m.trades.canceled.id,
        m.trades.sniped.id,
        m.trades.sold.id,
      ]);
      const orders = `${m.trades.sold.orderId},${m.trades.punks.orderId}`;
      const tracked = await payload(`/api/trade-history?orderIds=${orders}`, ActivityPayloadSchema);
      expect(tracked.activity.map((a) => a.id).sort()).toEqual(
        [m.trades.sold.id, m.trades.punks.id].sort(),
      );
    });

    it('answers a user’s trades across their addresses and the wallets they made (issue 21 item 9)', async () => {
      // Carol's maker wallet sold an item (a protected sale); her payment address bought one.
      const carolOrdinals = p2trAddress(compressedPublicKey(randomPrivateKey()), 'regtest');
      const carolPayment = p2trAddress(compressedPublicKey(randomPrivateKey()), 'regtest');
      const makerWallet = p2trAddress(compressedPublicKey(randomPrivateKey()), 'regtest');
      const someone = p2trAddress(compressedPublicKey(randomPrivateKey()), 'regtest');
      const key = () => `02${randomBytes(32).toString('hex')}`;
      await sql`
        insert into multisig_wallets (kind, user_public_key, user_address, platform_public_key,
                                      witness_script, address)
        values ('maker', ${key()}, ${carolPayment}, ${key()}, '00', ${makerWallet})`.execute(
        db.kysely,
      );
      const trade = async (maker: string, taker: string) => {
        const { rows } = await sql<{ id: string }>`
          insert into trade_history (order_id, inscription_id, price, trade_status, maker_address,
                                     taker_address, created_at)
          values (${randomUUID()}, ${`${randomBytes(32).toString('hex')}i0`}, 1000, 'confirmed',
                  ${maker}, ${taker}, now() - interval '1 year')
          returning id::text as id`.execute(db.kysely);
        return rows[0]?.id;
      };
      const sold = await trade(makerWallet, someone);
      const bought = await trade(someone, carolPayment);
      await trade(someone, p2trAddress(compressedPublicKey(randomPrivateKey()), 'regtest'));

      const mine = await payload(
        `/api/profile/activity?addresses=${carolOrdinals},${carolPayment}`,
        ActivityPayloadSchema,
      );
      expect(mine.activity.map((a) => a.id).sort()).toEqual([sold, bought].sort());
      // The address alone misses what its maker wallet sold.
      const alone = await payload(`/api/address/${carolPayment}/activity`, ActivityPayloadSchema);
      expect(alone.activity.map((a) => a.id)).toEqual([bought]);

      const refused = await app.inject({
        method: 'GET',
        url: '/api/profile/activity?addresses=nope',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('addresses[0]: not a valid regtest address');
    });

    it('answers an inscription’s order book without the maker’s signature', async () => {
      const sold = await payload(
        `/api/inscriptions/${m.item('r1').id}/orderbook`,
        OrderbookPayloadSchema,
      );
      expect(sold.listing).toBeNull();
      expect(sold.orders).toEqual([
        expect.objectContaining({
          listingId: m.listings.r1Sold,
          status: 'broadcast',
          price: '10000',
          makerFee: '100',
          collectionSlug: 'rocks',
          inscriptionName: 'Rock #1',
          contentType: 'image/png',
        }),
      ]);
      expect(sold.activity.map((a) => a.id)).toEqual([m.trades.sold.id]);
      const res = await get(`/api/inscriptions/${m.item('r0').id}/orderbook`);
      expect(res.json().payload.listing).toMatchObject({
        listingId: m.listings.r0,
        status: 'active',
      });
      expect(res.body).not.toMatch(/signed_?psbt/i);
    });

    it('pages marketplace listings, 10 by default and at most 1000', async () => {
      const list = (q: string) => payload(`/api/listings${q}`, ListingsPayloadSchema);
      const ids = (l: { listings: { listingId: string }[] }) => l.listings.map((x) => x.listingId);
      expect(ids(await list(''))).toEqual([
        m.listings.r4,
        m.listings.r0,
        m.listings.r2,
        m.listings.p1,
      ]);
      expect(ids(await list('?slug=rocks&limit=2'))).toEqual([m.listings.r4, m.listings.r0]);
      expect(ids(await list(`?maker=${people.alice}`))).toEqual([m.listings.r4, m.listings.r0]);
      expect(ids(await list('?status=canceled'))).toEqual([m.listings.r3Canceled]);
      expect((await list('?status=any&limit=1000')).listings).toHaveLength(6);

      // Eleven more canceled listings of r5: a page of 10 by default, all of them up to 1000.
      const r5 = m.item('r5');
      const extra = await db.kysely
        .insertInto('orderbook')
        .values(
          Array.from({ length: 11 }, (_, i) => ({
            inscription_id: r5.id,
            collection_id: m.ids.rocks,
            status: 'canceled' as const,
            price: String(1_000 + i),
            outpoint: `${r5.txid}:0`,
            output_value: '10000',
            maker_payment_address: people.carol,
            maker_ordinal_address: people.carol,
            created_at: hoursAgo(300 + i),
          })),
        )
        .returning('id')
        .execute();
      expect((await list('?status=canceled')).listings).toHaveLength(10);
      expect((await list('?status=canceled&limit=1000')).listings).toHaveLength(12);
      expect(ids(await list('?status=canceled&offset=10'))).toEqual(
        extra.slice(-2).map((e) => e.id),
      );
      await db.kysely
        .deleteFrom('orderbook')
        .where(
          'id',
          'in',
          extra.map((e) => e.id),
        )
        .execute();
    });
  });

  describe('bad input: a 400 naming the field, never a 500', () => {
    const badInput: [url: string, msg: string | RegExp][] = [
      ['/api/collections?limit=1001', 'limit must be at most 1000'],
      ['/api/collections?limit=0', 'limit must be at least 1'],
      ['/api/collections?offset=-1', 'offset must not be negative'],
      ['/api/collections?offset=99999999999999999999', /offset/],
      ['/api/collections?sort=best', /^sort must be one of volume_desc/],
      ['/api/collections/categories?limit=1001', 'limit must be at most 1000'],
      ['/api/collections/Bad%20Slug', /^slug/],
      ['/api/collections/rocks/inscriptions?limit=101', 'limit must be at most 100'],
      ['/api/collections/rocks/inscriptions?limit=x', /^limit/],
      ['/api/collections/rocks/inscriptions?limit=1&limit=2', /^limit/],
      ['/api/collections/rocks/inscriptions?status=sold', 'status must be all, listed or unlisted'],
      [
        '/api/collections/rocks/inscriptions?minPrice=1.5',
        'minPrice must be a whole number of sats',
      ],
      [
        '/api/collections/rocks/inscriptions?maxPrice=-3',
        'maxPrice must be a whole number of sats',
      ],
      [
        '/api/collections/rocks/inscriptions?minPrice=99999999999999999',
        'minPrice must be a whole number of sats',
      ],
      [
        '/api/collections/rocks/inscriptions?minPrice=5&maxPrice=4',
        'minPrice must not be above maxPrice',
      ],
      ['/api/collections/rocks/inscriptions?trait=Blue', "trait must read 'Category:Value'"],
      [
        `/api/collections/rocks/inscriptions?${'trait=A:b&'.repeat(51)}`,
        'at most 50 trait filters',
      ],
      ['/api/collections/rocks/inscriptions?sort=cheapest', /^sort must be one of price_asc/],
      ['/api/activity?interval=1%20fortnight', /^interval must read like/],
      ['/api/activity?limit=1001', 'limit must be at most 1000'],
      ['/api/activity?slug=A!', /^slug/],
      ['/api/address/not-an-address/activity', 'address: not a valid regtest address'],
      [`/api/address/${people.bob}/activity?limit=1001`, 'limit must be at most 1000'],
      ['/api/trade-history', /^orderIds/],
      ['/api/trade-history?orderIds=x', 'orderIds must be listing ids'],
      [
        `/api/trade-history?orderIds=${Array(101).fill('00000000-0000-4000-8000-000000000000').join(',')}`,
        'at most 100 orderIds',
      ],
      ['/api/inscriptions/xyz/orderbook', 'inscriptionId: Invalid inscription ID format.'],
      ['/api/listings?limit=1001', 'limit must be at most 1000'],
      ['/api/listings?status=sold', /^status/],
      ['/api/listings?slug=A!', /^slug/],
    ];
    const labelled = badInput.map(([url, msg]) => [url.slice(0, 90), url, msg] as const);
    it.each(labelled)('%s', async (_label, url, msg) => {
      await refused(url, 400, msg);
    });

    it('reads odd but valid input without failing', async () => {
      for (const url of [
        '/api/collections?search=%27%3B%20drop%20table%20collections%3B--',
        '/api/collections/rocks/inscriptions?trait=Back:ground:Blue&search=%25',
        '/api/collections/rocks/inscriptions?trait=__proto__:x&trait=constructor:y',
        '/api/collections/rocks/inscriptions?search=99999999999999999999',
        '/api/collections/rocks/inscriptions?offset=9007199254740991',
        '/api/activity?interval=9999%20years',
        '/api/trade-history?orderIds=00000000-0000-4000-8000-000000000000',
      ]) {
        const res = await get(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    });
  });
  // Last, as it changes the rocks: a page is answered again from the process's cache while the
  // collection's page version is unchanged (0015_page_versions), and every kind of write that
  // shows on the page gives it a new version.
  describe('the page cache', () => {
    const rocks = '/api/collections/rocks/inscriptions';
    const first = async (query = '') =>
      (await payload(`${rocks}${query}`, CollectionInscriptionsPayloadSchema)).inscriptions[0];
    const r2 = () => m.item('r2').id;

    it('answers a page again until a write shows on it', async () => {
      expect(await first()).toMatchObject({ inscriptionId: r2(), price: '20000' });
      // A write that bypasses the triggers (as a bulk load would) leaves the version alone: the
      // page comes from the cache, so it still shows the old price.
      await db.kysely.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`update orderbook set price = 21000 where id = ${m.listings.r2}`.execute(trx);
      });
      expect(await first()).toMatchObject({ price: '20000' });
      // The same change through the triggers: a new version, a fresh page.
      await sql`update orderbook set price = 22000 where id = ${m.listings.r2}`.execute(db.kysely);
      expect(await first()).toMatchObject({ inscriptionId: r2(), price: '22000' });
    });

    it('follows owners, names, attributes, delistings and the collection row', async () => {
      expect(await first()).toMatchObject({ owner: people.bob, name: 'Rock #2' });
      await sql`update chain_inscriptions set address = ${people.carol}
        where inscription_id = ${r2()}`.execute(db.kysely);
      expect(await first()).toMatchObject({ inscriptionId: r2(), owner: people.carol });
      await sql`update inscriptions set name = 'Rock Two' where inscription_id = ${r2()}`.execute(
        db.kysely,
      );
      expect(await first()).toMatchObject({ name: 'Rock Two' });

      // Renamed, r2 keeps its slot, so the trait filters still find it.
      const blue = await payload(
        `${rocks}?trait=Background:Blue`,
        CollectionInscriptionsPayloadSchema,
      );
      expect(blue.total).toBe(3);
      await sql`delete from attributes where inscription_id = ${r2()}
        and category = 'Background'`.execute(db.kysely);
      expect(
        (await payload(`${rocks}?trait=Background:Blue`, CollectionInscriptionsPayloadSchema))
          .total,
      ).toBe(2);

      await sql`update orderbook set status = 'canceled' where id = ${m.listings.r2}`.execute(
        db.kysely,
      );
      expect((await first())?.inscriptionId).not.toBe(r2());
      await sql`update collections set is_under_review = true where slug = 'rocks'`.execute(
        db.kysely,
      );
      await refused(rocks, 404, 'Collection rocks not found.');
      await sql`update collections set is_under_review = false where slug = 'rocks'`.execute(
        db.kysely,
      );
      expect((await first())?.inscriptionId).not.toBe(r2());
    });
  });
});
