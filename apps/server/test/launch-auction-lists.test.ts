import { randomBytes } from 'node:crypto';
import { AuctionsPayloadSchema, FeaturedLaunchesSchema, LaunchesPayloadSchema } from '@om/core';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { EsploraChainSource } from '../src/chain/sources/esplora-chain-source.ts';
import { LocalInscriptions } from '../src/chain/sources/local-inscriptions.ts';
import type { Db } from '../src/db/create-db.ts';
import { loadEnv } from '../src/env.ts';
import { ChainEvents } from '../src/indexer/chain-events.ts';
import { createTestDb, databaseKinds } from './helpers/test-app.ts';

// product.md#walk-through-fixes item 4: a live launch is never pushed out of the featured strip by
// newer sold-out ones, and every launch and auction can be found: GET /api/launchpad/launches and
// GET /api/launchpad/auctions, by status tab (and type), in order, paged, with a 400 naming a bad
// field. The rows are written straight into the tables; these reads need no node.

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);
const hex = (n: number) => n.toString(16).padStart(64, '0');

describe.each(databaseKinds())('launch and auction lists on %s', (kind) => {
  let db: Db;
  let app: FastifyInstance;
  let collectionId: string;
  let serial = 0;
  let minute = 0;

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
    const row = await db.kysely
      .insertInto('collections')
      .values({ slug: 'lists', name: 'Lists', extra_metadata: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    collectionId = row.id;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  async function inscription(): Promise<string> {
    const id = `${hex(++serial)}i0`;
    await db.kysely.insertInto('inscriptions').values({ inscription_id: id }).execute();
    return id;
  }

  /** A listed launch created `minute` minutes after the previous one, with one phase. */
  async function launch(
    slug: string,
    opts: {
      type?: 'psbt' | 'editions';
      start: number;
      end: number | null;
      total?: number;
      minted?: number;
      status?: 'active' | 'pending' | 'canceled';
    },
  ): Promise<void> {
    const type = opts.type ?? 'psbt';
    const total = opts.total ?? 3;
    const minted = opts.minted ?? 0;
    const edition = type === 'editions';
    const created = new Date(Date.UTC(2026, 0, 1, 0, ++minute));
    const { id } = await db.kysely
      .insertInto('launchpads')
      .values({
        slug,
        collection_id: collectionId,
        status: opts.status ?? 'active',
        launchpad_type: type,
        total_inscriptions: edition ? 0 : total,
        remaining_inscriptions: edition ? 0 : total,
        number_of_editions: edition ? total : null,
        remaining_editions: edition ? total - minted : null,
        edition_inscription_id: edition ? await inscription() : null,
        meta_data: '{}',
        maker_payment_address: 'bcrt1qmaker',
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const phase = await db.kysely
      .insertInto('launchpad_phases')
      .values({
        launchpad_id: id,
        name: 'Public',
        phase_number: 0,
        start_date: String(opts.start),
        end_date: opts.end === null ? null : String(opts.end),
        status: 'active',
        price: '1000',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (edition) return;
    for (let i = 0; i < minted; i++) {
      await db.kysely
        .insertInto('orderbook')
        .values({
          inscription_id: await inscription(),
          phase_id: phase.id,
          price: '1000',
          outpoint: `${hex(serial)}:0`,
          output_value: '546',
          maker_payment_address: 'bcrt1qmaker',
          maker_ordinal_address: 'bcrt1qmaker',
          status: 'broadcast',
        })
        .execute();
    }
  }

  let bidder: { user: string; wallet: string } | undefined;
  async function bid(
    auctionId: string,
    amount: string,
    status: 'outbid' | 'standing' | 'pending_signature' | 'won',
  ): Promise<void> {
    if (!bidder) {
      const key = `02${hex(7)}`;
      const user = await db.kysely
        .insertInto('users')
        .values({ address: 'bcrt1qbidder', public_key: key })
        .returning('id')
        .executeTakeFirstOrThrow();
      const wallet = await db.kysely
        .insertInto('multisig_wallets')
        .values({
          kind: 'multisig',
          user_public_key: key,
          user_address: 'bcrt1qbidder',
          platform_public_key: `03${hex(8)}`,
          witness_script: 'ab',
          address: 'bcrt1qbidderwallet',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      bidder = { user: user.id, wallet: wallet.id };
    }
    await db.kysely
      .insertInto('auction_bids')
      .values({
        auction_id: auctionId,
        bidder_user_id: bidder.user,
        bidder_wallet_id: bidder.wallet,
        bidder_ordinal_address: 'bcrt1qbidder',
        amount,
        fee_rate: '2',
        max_fee_rate: '2',
        network_fee: '300',
        txid: hex(++serial),
        psbt: 'cHNidP8=',
        signed_psbt: status === 'pending_signature' ? null : 'cHNidP8=',
        layout: '{}',
        status,
      })
      .execute();
  }

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };
  const slugs = (list: { slug: string }[]) => list.map((l) => l.slug);

  it('orders the featured strip Live, then Coming soon, then the rest, newest first within each', async () => {
    const t = now();
    // Oldest first: a live launch and a coming-soon one, then four newer sold-out or ended ones.
    await launch('live-old', { start: t - HOUR, end: t + HOUR });
    await launch('soon', { start: t + HOUR, end: t + 2 * HOUR });
    await launch('live-new', { start: t - HOUR, end: null });
    await launch('sold-1', { start: t - HOUR, end: t + HOUR, total: 2, minted: 2 });
    await launch('ended', { start: t - 2 * HOUR, end: t - HOUR });
    await launch('sold-2', { start: t - HOUR, end: null, total: 1, minted: 1 });
    await launch('sold-3', { start: t - HOUR, end: t + HOUR, total: 2, minted: 2 });
    await launch('hidden-pending', { start: t - HOUR, end: null, status: 'pending' });
    await launch('ed-sold', { type: 'editions', start: t - HOUR, end: null, minted: 3 });
    await launch('ed-live', { type: 'editions', start: t - HOUR, end: null, minted: 1 });
    await launch('ed-sold-2', { type: 'editions', start: t - HOUR, end: null, minted: 3 });

    const res = await get('/api/launchpad/featured');
    expect(res.status).toBe(200);
    const featured = FeaturedLaunchesSchema.parse(res.body.payload);
    expect(slugs(featured.psbt)).toEqual(['live-new', 'live-old', 'soon', 'sold-3']);
    expect(slugs(featured.editions)).toEqual(['ed-live', 'ed-sold-2', 'ed-sold']);
    const sold = featured.psbt[3];
    expect(sold).toMatchObject({ minted: 2, remaining_inscriptions: 0, total_inscriptions: 2 });
    expect(featured.editions[0]).toMatchObject({ minted: 1, remaining_inscriptions: 2 });
  });

  it('lists launches by status tab and type, in the same order, paged', async () => {
    const page = async (query: string) => {
      const res = await get(`/api/launchpad/launches${query}`);
      expect(res.status).toBe(200);
      return LaunchesPayloadSchema.parse(res.body.payload);
    };
    const all = await page('');
    expect(slugs(all.launches)).toEqual([
      'ed-live',
      'live-new',
      'live-old',
      'soon',
      'ed-sold-2',
      'ed-sold',
      'sold-3',
      'sold-2',
      'ended',
      'sold-1',
    ]);
    expect(all.total).toBe(10);
    expect(slugs((await page('?status=live&type=psbt')).launches)).toEqual([
      'live-new',
      'live-old',
    ]);
    expect(slugs((await page('?status=upcoming')).launches)).toEqual(['soon']);
    const ended = await page('?status=ended&type=psbt&limit=2&offset=1');
    expect(slugs(ended.launches)).toEqual(['sold-2', 'ended']);
    expect(ended.total).toBe(4);
    expect(slugs((await page('?status=live&type=editions')).launches)).toEqual(['ed-live']);
  });

  it('refuses a bad launches query with a 400 naming the field', async () => {
    const status = await get('/api/launchpad/launches?status=soon');
    expect(status.status).toBe(400);
    expect(status.body.error).toBe('status must be all, live, upcoming or ended');
    const type = await get('/api/launchpad/launches?type=brc20');
    expect(type.status).toBe(400);
    expect(type.body.error).toBe('type must be psbt or editions');
    const limit = await get('/api/launchpad/launches?limit=500');
    expect(limit.body.error).toBe('limit must be at most 100');
  });

  it('lists auctions live, upcoming and ended, in order, paged', async () => {
    const t = Date.now();
    const at = (hours: number) => new Date(t + hours * HOUR * 1000);
    const auction = async (
      slug: string,
      status: 'active' | 'settled' | 'unsold' | 'canceled' | 'pending_signature' | 'withdrawn',
      start: number,
      end: number,
    ) =>
      db.kysely
        .insertInto('auctions')
        .values({
          slug,
          inscription_id: await inscription(),
          status,
          utxo: `${hex(serial)}:0`,
          start_price: '10000',
          start_date: at(start),
          end_date: at(end),
          maker_payment_address: 'bcrt1qmaker',
          maker_ordinal_address: 'bcrt1qseller',
          meta: JSON.stringify({ name: `Auction ${slug}` }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const late = await auction('live-late', 'active', -1, 5);
    await auction('live-soon', 'active', -2, 1);
    await auction('up-late', 'active', 3, 8);
    await auction('up-soon', 'active', 1, 4);
    const settled = await auction('settled', 'settled', -10, -6);
    await auction('to-settle', 'active', -5, -1);
    await auction('unsold', 'unsold', -9, -3);
    await auction('withdrawn', 'withdrawn', -12, -11);
    await auction('canceled', 'canceled', -4, 2);
    await auction('unsigned', 'pending_signature', -1, 3);
    // The highest bid is the standing or won one: an outbid one and one never signed do not count.
    await bid(late.id, '120000', 'outbid');
    await bid(late.id, '150000', 'standing');
    await bid(late.id, '990000', 'pending_signature');
    await bid(settled.id, '200000', 'won');

    const tab = async (query: string) => {
      const res = await get(`/api/launchpad/auctions${query}`);
      expect(res.status).toBe(200);
      return AuctionsPayloadSchema.parse(res.body.payload);
    };
    const live = await tab('?status=live');
    expect(slugs(live.auctions)).toEqual(['live-soon', 'live-late']);
    expect(live.auctions[0]).toMatchObject({
      name: 'Auction live-soon',
      start_price: '10000',
      highest_bid: null,
      status: 'active',
      end_date: Math.floor(at(1).getTime() / 1000),
    });
    expect(live.auctions[1]).toMatchObject({ slug: 'live-late', highest_bid: '150000' });
    expect(slugs((await tab('')).auctions)).toEqual(['live-soon', 'live-late']);
    expect(slugs((await tab('?status=upcoming')).auctions)).toEqual(['up-soon', 'up-late']);
    const ended = await tab('?status=ended');
    expect(slugs(ended.auctions)).toEqual(['to-settle', 'unsold', 'settled', 'withdrawn']);
    const second = await tab('?status=ended&limit=2&offset=2');
    expect(slugs(second.auctions)).toEqual(['settled', 'withdrawn']);
    expect(second.auctions[0]).toMatchObject({ status: 'settled', highest_bid: '200000' });
    expect(second.total).toBe(4);
  });

  it('refuses a bad auctions query with a 400 naming the field', async () => {
    const res = await get('/api/launchpad/auctions?status=all');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('status must be live, upcoming or ended');
    const offset = await get('/api/launchpad/auctions?offset=-1');
    expect(offset.status).toBe(400);
    expect(offset.body.error).toBe('offset must not be negative');
  });
});
