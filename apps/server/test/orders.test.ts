import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import type { InscribeTables } from '../src/db/inscribe.tables.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  auctionBody,
  auctionSeller,
  fundCoins,
  multisigOf,
  openAuction,
  placeBid,
} from './helpers/auctions.ts';
import { launchEdition, signedMintOrder } from './helpers/editions.ts';
import {
  api,
  buyViaApi,
  inscribeTo,
  listViaApi,
  mineAndSync,
  newTrader,
  type Trader,
} from './helpers/trading.ts';

// product.md#trust-findings finding 11: POST /api/orders stored any orderId, address, txid and
// count, and every record counted for rewards. Each record must now match our own row of the action
// it names.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('order records on %s', (kind) => {
  let t: TestApp;
  let seller: Trader;
  let buyer: Trader;
  let stranger: Trader;
  let itemId: string;
  let listingId: string;
  let txid: string;

  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
      MAX_OPEN_RESERVATIONS_PER_CLIENT: '1000',
    });
    await t.sync();
    [seller, buyer, stranger] = [await newTrader(t), await newTrader(t), await newTrader(t)];
    const item = await inscribeTo(node, t, seller.ordinals.address);
    itemId = item.id;
    [listingId] = (await listViaApi(t, seller, [{ outpoint: item.outpoint, price: 20_000n }])) as [
      string,
    ];
    for (const value of [600n, 600n, 500_000n])
      await node.faucet.fund(buyer.payment.address, value);
    await mineAndSync(node, t);
    const submitted = await buyViaApi(t, buyer, [listingId]);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const trade = await t.db.kysely
      .selectFrom('trade_history')
      .select('transaction_id')
      .where('order_id', '=', listingId)
      .executeTakeFirstOrThrow();
    txid = trade.transaction_id!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const record = (who: Trader, body: object) => api(t, 'POST', '/api/orders', body, who.token);
  const buyRecord = () => ({
    source: 'web',
    type: 'BuyListing',
    orderId: listingId,
    address: buyer.ordinals.address,
    txid,
    inscriptionId: itemId,
  });
  const listRecord = () => ({
    source: 'web',
    type: 'ListInscription',
    orderId: listingId,
    address: seller.ordinals.address,
    inscriptionId: itemId,
  });

  it('refuses forged records of every type, each with the problem named', async () => {
    const fakeTxid = 'ab'.repeat(32);
    const cases: [Trader, object, string][] = [
      // Another wallet claims the buyer's purchase, as itself or under the buyer's address.
      [
        stranger,
        { ...buyRecord(), address: stranger.ordinals.address },
        `orderId: ${listingId} was not bought by the signed-in wallet`,
      ],
      [stranger, buyRecord(), `orderId: ${listingId} was not bought by the signed-in wallet`],
      [
        buyer,
        { ...buyRecord(), txid: fakeTxid },
        `txid: ${fakeTxid} is not a purchase of ${listingId}`,
      ],
      [
        buyer,
        { ...buyRecord(), txid: undefined },
        'txid: a BuyListing record needs its transaction',
      ],
      [buyer, { ...buyRecord(), count: 50 }, 'count: one listing is one inscription'],
      [
        buyer,
        { ...buyRecord(), inscriptionId: `${'c'.repeat(64)}i0` },
        `inscriptionId: ${listingId} is for inscription ${itemId}`,
      ],
      [buyer, { ...buyRecord(), orderId: 'made-up' }, 'orderId: no BuyListing order made-up'],
      [
        buyer,
        { ...listRecord(), address: buyer.ordinals.address },
        `orderId: ${listingId} was not listed by the signed-in wallet`,
      ],
      [buyer, { ...buyRecord(), type: 'PreinscribeMint' }, `orderId: no launch mint ${listingId}`],
      [
        buyer,
        { ...buyRecord(), type: 'EditionsMint', orderId: randomUUID() },
        'orderId: no edition order',
      ],
      [
        buyer,
        { ...buyRecord(), type: 'AuctionBid', auctionId: randomUUID() },
        'auctionId: no auction',
      ],
      [
        buyer,
        { ...buyRecord(), type: 'AuctionBid' },
        'auctionId: an AuctionBid record needs its auction',
      ],
    ];
    for (const [who, body, message] of cases) {
      const res = await record(who, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toContain(message);
    }
    const stored = await t.db.kysely.selectFrom('orders').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('counts an edition mint once it is paid, for its buyer and its count only', async () => {
    const creator = await newTrader(t);
    const originalId = (await inscribeTo(node, t, creator.ordinals.address)).id;
    const launchId = await launchEdition(t, creator, originalId, {
      slug: `order-editions-${kind}`,
      numberOfEditions: 10,
      price: 10_000n,
    });
    const minter = await newTrader(t);
    await node.faucet.fund(minter.payment.address, 400_000n);
    await mineAndSync(node, t);
    const { order, signedPsbt } = await signedMintOrder(t, minter, launchId, 2);
    const mint = {
      source: 'web',
      type: 'EditionsMint',
      orderId: order.orderId,
      address: minter.ordinals.address,
      count: 2,
    };
    const unpaid = await record(minter, mint);
    expect(unpaid.body.error).toBe(`orderId: edition order ${order.orderId} is not paid`);
    const submitted = await api(
      t,
      'POST',
      '/api/launchpad/editions/mint/submit',
      { orderId: order.orderId, signedPsbt },
      minter.token,
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const paid = await t.db.kysely
      .withTables<InscribeTables>()
      .selectFrom('inscribe_orders')
      .select('commit_txid')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow();
    const forged: [Trader, object, string][] = [
      [stranger, mint, `orderId: no edition order ${order.orderId} of the signed-in wallet`],
      [minter, { ...mint, count: 10 }, `count: edition order ${order.orderId} minted 2`],
      [
        minter,
        { ...mint, address: stranger.ordinals.address },
        `address: ${stranger.ordinals.address} is not the buyer of edition order ${order.orderId}`,
      ],
    ];
    for (const [who, body, message] of forged) {
      const res = await record(who, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const genuine = await record(minter, { ...mint, txid: paid.commit_txid });
    expect(genuine.status, JSON.stringify(genuine.body)).toBe(200);
    expect(genuine.body.payload).toMatchObject({ ...mint, rewardState: 'pending' });
  });

  it('counts a placed auction bid for its bidder only', async () => {
    const { trader: owner, item } = await auctionSeller(node, t);
    const slug = `order-auction-${kind}`;
    const { auctionId } = await openAuction(
      t,
      owner,
      auctionBody(owner, item, { slug, startPrice: 10_000n }),
    );
    const bidder = await newTrader(t);
    const wallet = await multisigOf(t, bidder.payment);
    await fundCoins(node, wallet.address, [100_000n, 100_000n, 1_000n, 1_000n]);
    await mineAndSync(node, t);
    const bidId = await placeBid(t, slug, bidder, 20_000n);
    const bid = {
      source: 'web',
      type: 'AuctionBid',
      orderId: bidId,
      address: bidder.ordinals.address,
      inscriptionId: item.id,
      auctionId,
    };
    const claimed = await record(stranger, { ...bid, address: stranger.ordinals.address });
    expect(claimed.body.error).toBe(`orderId: no placed bid ${bidId} of the signed-in wallet`);
    const genuine = await record(bidder, bid);
    expect(genuine.status, JSON.stringify(genuine.body)).toBe(200);
    expect(genuine.body.payload).toMatchObject({ ...bid, rewardState: 'pending' });
  });

  it('stores genuine records for rewards, and generic ones never rewarded', async () => {
    const bought = await record(buyer, buyRecord());
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.payload).toMatchObject({ ...buyRecord(), count: 1, rewardState: 'pending' });
    const listed = await record(seller, listRecord());
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.payload).toMatchObject({ rewardState: 'pending' });
    const generic = await record(stranger, {
      source: 'web',
      type: 'generic',
      orderId: 'anything',
      address: stranger.ordinals.address,
      count: 9,
    });
    expect(generic.status).toBe(200);
    expect(generic.body.payload.rewardState).toBe('ineligible');
    const mine = await api(t, 'GET', '/api/orders', undefined, buyer.token);
    expect(mine.body.payload.map((o: { type: string }) => o.type)).toEqual(['BuyListing']);
  });
});
