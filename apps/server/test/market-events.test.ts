import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { selectChainSource } from '../src/chain/sources/select-chain-source.ts';
import { createDb, type Db } from '../src/db/create-db.ts';
import { loadEnv } from '../src/env.ts';
import { notify } from '../src/features/notifications/notifications.service.ts';
import { ChainEvents } from '../src/indexer/chain-events.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

// Live market updates go through PostgreSQL LISTEN/NOTIFY: a trade or listing written by one
// server process reaches the event streams of every process on the same database.

const TXID = 'ab'.repeat(32);
const INSCRIPTION = `${TXID}i0`;

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

/** An SSE client that collects the stream's text. */
async function subscribe(app: FastifyInstance, query = '') {
  const { port } = app.server.address() as { port: number };
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/shared/events${query}`, {
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const readUntil = async (needle: string) => {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before ${needle}`);
      text += decoder.decode(value);
    }
  };
  await readUntil('event: ready');
  return { readUntil, text: () => text, close: () => controller.abort() };
}

async function insertListing(db: Db, collectionSlug: string): Promise<string> {
  const [collection] = await db.kysely
    .insertInto('collections')
    .values({ slug: collectionSlug, name: 'Live', is_under_review: false, is_tradable: true })
    .returning('id')
    .execute();
  await db.kysely
    .insertInto('inscriptions')
    .values({ inscription_id: INSCRIPTION, collection_id: collection!.id })
    .execute();
  const id = randomUUID();
  await db.kysely
    .insertInto('orderbook')
    .values({
      id,
      inscription_id: INSCRIPTION,
      collection_id: collection!.id,
      status: 'active',
      price: '50000',
      outpoint: `${TXID}:0`,
      output_value: '10000',
      maker_payment_address: 'bcrt1qmaker',
      maker_ordinal_address: 'bcrt1pmaker',
    })
    .execute();
  return id;
}

describe.each(databaseKinds())('live market events on %s', (kind) => {
  let t: TestApp;
  /** A second server process on the same database (PostgreSQL only; PGlite is in-process). */
  let other: { app: FastifyInstance; db: Db } | undefined;

  beforeAll(async () => {
    t = await startTestApp(kind, node);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    if (kind === 'postgres') {
      const db = await createDb({
        kind: 'postgres',
        url: process.env.TEST_DATABASE_URL!,
        schema: t.db.schema,
        maxConnections: 2,
      });
      const env = loadEnv({
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        READ_RATE_LIMIT_PER_MINUTE: '1000000',
      });
      const app = await buildApp({
        env,
        db,
        chain: {
          rpc: node.node.rpc,
          events: new ChainEvents(),
          source: selectChainSource(env, { db, rpc: node.node.rpc }),
        },
        jwtSecret: randomBytes(32),
        log: pino({ level: 'silent' }),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      other = { app, db };
    }
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.db.close();
    await t?.close();
  });

  it('announces listing changes and the trades of the orders a client follows', async () => {
    const watcher = await subscribe(other?.app ?? t.app);
    const listingId = await insertListing(t.db, `live-${kind}`);
    await watcher.readUntil(`"listingId":"${listingId}"`);
    expect(watcher.text()).toContain(
      `event: listing\ndata: {"listingId":"${listingId}","inscriptionId":"${INSCRIPTION}","status":"active","price":"50000","collectionSlug":"live-${kind}"}\n\n`,
    );

    // A client following only another order hears no trade of this one.
    const follower = await subscribe(other?.app ?? t.app, `?orderIds=${listingId}`);
    const stranger = await subscribe(other?.app ?? t.app, `?orderIds=${randomUUID()}`);
    await t.db.kysely
      .insertInto('trade_history')
      .values({
        order_id: listingId,
        transaction_id: TXID,
        inscription_id: INSCRIPTION,
        price: '50000',
        trade_status: 'mempool',
        maker_address: 'bcrt1pmaker',
        taker_address: 'bcrt1ptaker',
        collection_slug: `live-${kind}`,
      })
      .execute();
    await t.db.kysely
      .updateTable('trade_history')
      .set({ trade_status: 'confirmed', finalized: true })
      .where('order_id', '=', listingId)
      .execute();
    await follower.readUntil('"tradeStatus":"confirmed"');
    expect(follower.text()).toContain(
      `event: trade\ndata: {"orderId":"${listingId}","tradeStatus":"mempool","txId":"${TXID}","inscriptionId":"${INSCRIPTION}","collectionSlug":"live-${kind}"}\n\n`,
    );
    // Changing a row without changing its status or price announces nothing.
    await t.db.kysely
      .updateTable('orderbook')
      .set({ reserved_until: new Date() })
      .where('id', '=', listingId)
      .execute();
    await t.db.kysely
      .updateTable('orderbook')
      .set({ status: 'broadcast' })
      .where('id', '=', listingId)
      .execute();
    await watcher.readUntil('"status":"broadcast"');
    expect(watcher.text().match(/event: listing/g)).toHaveLength(2);
    // One stream delivers in order: once the stranger has the later listing event, any trade
    // event sent to it would already be in its text.
    await stranger.readUntil('"status":"broadcast"');
    expect(stranger.text()).toContain('event: listing');
    expect(stranger.text()).not.toContain('event: trade');
    for (const client of [watcher, follower, stranger]) client.close();
  });

  it('sends a notification event only to the streams of its address, from another process', async () => {
    const mine = await subscribe(other?.app ?? t.app, '?address=bcrt1pseller');
    const theirs = await subscribe(other?.app ?? t.app, '?address=bcrt1pother');
    await notify(t.db.kysely, {
      to: ['bcrt1pseller'],
      type: 'listing_sold',
      title: 'Sold',
      dedupeKey: `sold:${kind}`,
    });
    await mine.readUntil('event: notification');
    expect(mine.text()).toContain('event: notification\ndata: {"address":"bcrt1pseller"}\n\n');
    // Marking it read tells the address's other pages too (the count changes).
    await t.db.kysely.updateTable('notifications').set({ read: true }).execute();
    await mine.readUntil(
      'event: notification\ndata: {"address":"bcrt1pseller"}\n\nevent: notification',
    );
    // Then one of its own: a stream delivers in order, so the seller's would be in its text by now.
    await notify(t.db.kysely, {
      to: ['bcrt1pother'],
      type: 'outbid',
      title: 'Outbid',
      dedupeKey: 'o',
    });
    await theirs.readUntil('"address":"bcrt1pother"');
    expect(theirs.text()).not.toContain('bcrt1pseller');
    mine.close();
    theirs.close();
  });

  it.runIf(kind === 'postgres')('keeps listening after its connection is killed', async () => {
    const watcher = await subscribe(t.app);
    const channel = `market_${t.db.schema}`;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where query = ${`LISTEN "${channel}"`}`.execute(t.db.kysely);
    // The listener reconnects within about a second; a status change after that is heard.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await t.db.kysely
      .updateTable('orderbook')
      .set({ status: 'canceled' })
      .where('inscription_id', '=', INSCRIPTION)
      .execute();
    await watcher.readUntil('"status":"canceled"');
    watcher.close();
  });

  it('refuses an unreadable orderIds filter without opening a stream', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shared/events?orderIds=${'x'.repeat(5000)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'orderIds is too long' });
  });
});
