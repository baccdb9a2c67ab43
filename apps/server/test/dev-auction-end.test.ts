import { AuctionSchema, EndAuctionPayloadSchema } from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askBid,
  auctionSeller,
  auctionBody,
  fundCoins,
  multisigOf,
  openAuction,
  placeBid,
} from './helpers/auctions.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, eventually, mineAndSync, newTrader } from './helpers/trading.ts';

// POST /api/dev/auctions/{slug}/end, the regtest helper that lets a story end an auction now
// instead of after the hour it lasts at least (product.md#constants-and-limits): the auction stops
// taking bids at once and the settlement worker settles it as it would at its own end (ADR 012).

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

const now = () => Math.floor(Date.now() / 1000);

describe.each(databaseKinds())('ending an auction now on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  const end = (slug: string) => api(t, 'POST', `/api/dev/auctions/${slug}/end`);
  const auctionOf = async (slug: string) =>
    AuctionSchema.parse((await api(t, 'GET', `/api/launchpad/auctions/${slug}`)).body.payload);

  it('ends a live auction: bids are refused and the worker settles to the highest', async () => {
    const { trader: owner, item } = await auctionSeller(node, t);
    const slug = `dev-end-${kind}`;
    await openAuction(t, owner, auctionBody(owner, item, { slug, startPrice: 20_000n }));
    const bidder = await newTrader(t);
    const wallet = await multisigOf(t, bidder.payment);
    await fundCoins(node, wallet.address, [100_000n, 1_000n, 1_000n]);
    await mineAndSync(node, t);
    await placeBid(t, slug, bidder, 20_000n);

    const before = now();
    const res = await end(slug);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ended = EndAuctionPayloadSchema.parse(res.body.payload);
    expect(ended.slug).toBe(slug);
    expect(ended.endDate).toBeGreaterThanOrEqual(before);
    expect(ended.endDate).toBeLessThanOrEqual(now());
    expect((await auctionOf(slug)).end_date).toBe(ended.endDate);

    const late = await askBid(t, slug, bidder, 30_000n);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('The auction has ended');
    await eventually(async () => {
      const settled = await auctionOf(slug);
      expect(settled.status).toBe('settled');
      expect(settled.settlement_txid).toMatch(/^[0-9a-f]{64}$/);
      expect(settled.bids).toMatchObject([{ amount: '20000', status: 'won' }]);
    });

    const again = await end(slug);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      error: `Auction ${slug} is not active: it is settled`,
    });
  });

  it('refuses an auction that is not taking bids with 409, and an unknown slug with 404', async () => {
    // Created, never signed: not active.
    const { trader: owner, item } = await auctionSeller(node, t);
    const unsigned = `dev-unsigned-${kind}`;
    const created = await api(
      t,
      'POST',
      '/api/launchpad/auctions/create',
      auctionBody(owner, item, { slug: unsigned, startPrice: 20_000n }),
      owner.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pending = await end(unsigned);
    expect(pending.status).toBe(409);
    expect(pending.body.error).toBe(`Auction ${unsigned} is not active: it is pending_signature`);

    // Active but upcoming: it cannot end before it starts.
    const later = await auctionSeller(node, t);
    const upcoming = `dev-upcoming-${kind}`;
    const startDate = now() + 600;
    await openAuction(
      t,
      later.trader,
      auctionBody(later.trader, later.item, {
        slug: upcoming,
        startPrice: 20_000n,
        startDate,
        endDate: startDate + 3_600,
      }),
    );
    const early = await end(upcoming);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(
      `Auction ${upcoming} has not started: it cannot end before it starts`,
    );
    expect((await auctionOf(upcoming)).end_date).toBe(startDate + 3_600);

    const missing = await end('nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      success: false,
      error: 'Auction nothing-here not found',
      errors: [{ msg: 'Auction nothing-here not found' }],
    });
    const blank = await end('%20');
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0]).toEqual({ msg: 'slug is required', path: 'slug' });
  });
});
