import { bytesToBase64, utf8ToBytes } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  inscribeTo,
  listViaApi,
  mineAndSync,
  newTrader,
  newWallet,
  type Trader,
} from './helpers/trading.ts';

// The trading routes' edges (product.md#roles, #market-calls): who may call them, and a 400 naming
// the field for every kind of bad input, never a 500.

const UNAUTHENTICATED = {
  success: false,
  error: 'user is not authenticated',
  errors: [{ msg: 'user is not authenticated' }],
};
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const NOT_A_PSBT = bytesToBase64(utf8ToBytes('not a psbt at all'));

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('trading routes on %s', (kind) => {
  let t: TestApp;
  let maker: Trader;
  let stranger: Trader;
  let listingId: string;
  let item: { id: string; outpoint: string };

  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      PLATFORM_FEE_ADDRESS: newWallet('p2tr').address,
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    await t.sync();
    maker = await newTrader(t);
    stranger = await newTrader(t);
    item = await inscribeTo(node, t, maker.ordinals.address);
    [listingId = ''] = await listViaApi(t, maker, [{ outpoint: item.outpoint, price: 20_000n }]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const makerBody = () => ({
    makerPaymentAddress: maker.payment.address,
    makerPaymentPublicKey: maker.payment.publicKey,
    makerOrdinalAddress: maker.ordinals.address,
    makerOrdinalPublicKey: maker.ordinals.publicKey,
  });

  it.each([
    ['POST', '/api/listings/protected/create'],
    ['PUT', '/api/listings/protected/confirm'],
    ['DELETE', '/api/listings/protected/delist/prepare'],
    ['PUT', '/api/listings/protected/delist/confirm'],
    ['DELETE', '/api/listings/protected/delistOffchain'],
    ['POST', '/api/listings/protected/relist'],
    ['POST', '/api/listings/protected/createOffer'],
    ['PUT', '/api/listings/protected/submitOffer'],
    ['POST', '/api/orders'],
    ['GET', '/api/orders'],
  ] as const)('%s %s without a session is 401', async (method, url) => {
    const res = await api(t, method, url, method === 'GET' ? undefined : {});
    expect(res).toEqual({ status: 401, body: UNAUTHENTICATED });
  });

  it.each<[string, 'POST' | 'PUT' | 'DELETE', string, () => object, RegExp]>([
    [
      'create: nothing',
      'POST',
      '/api/listings/protected/create',
      () => ({}),
      /makerPaymentAddress/,
    ],
    [
      'create: a bad utxo',
      'POST',
      '/api/listings/protected/create',
      () => ({ ...makerBody(), utxos: [{ utxo: 'abc', price: 1000 }] }),
      /utxo must read 'txid:vout'/,
    ],
    [
      'create: no price',
      'POST',
      '/api/listings/protected/create',
      () => ({ ...makerBody(), utxos: [{ utxo: item.outpoint, price: 0 }] }),
      /price must be between 1000 sats and 21,000,000 BTC/,
    ],
    [
      'create: a price below the price input minimum (0.00001 BTC)',
      'POST',
      '/api/listings/protected/create',
      () => ({ ...makerBody(), utxos: [{ utxo: item.outpoint, price: '999' }] }),
      /price must be between 1000 sats and 21,000,000 BTC/,
    ],
    [
      'create: another network',
      'POST',
      '/api/listings/protected/create',
      () => ({
        ...makerBody(),
        makerPaymentAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        utxos: [{ utxo: item.outpoint, price: 1000 }],
      }),
      /^makerPaymentAddress: not a valid regtest address/,
    ],
    [
      'create: a key of another address',
      'POST',
      '/api/listings/protected/create',
      () => ({
        ...makerBody(),
        makerOrdinalPublicKey: newWallet('p2tr').publicKey,
        utxos: [{ utxo: item.outpoint, price: 1000 }],
      }),
      /^makerOrdinalPublicKey: does not belong to makerOrdinalAddress/,
    ],
    [
      'create: an unknown output',
      'POST',
      '/api/listings/protected/create',
      () => ({ ...makerBody(), utxos: [{ utxo: `${'ab'.repeat(32)}:0`, price: 1000 }] }),
      /^utxos\.0\.utxo: .* is not a known output/,
    ],
    [
      'confirm: bad ids',
      'PUT',
      '/api/listings/protected/confirm',
      () => ({ listingIds: ['x'], signedPSBT: 'cHNidP8=' }),
      /listingIds must be a listing id/,
    ],
    [
      'confirm: not base64',
      'PUT',
      '/api/listings/protected/confirm',
      () => ({ listingIds: [SOME_ID], signedPSBT: '!!' }),
      /signedPSBT must be a base64 PSBT/,
    ],
    [
      'delist/prepare: no listingId',
      'DELETE',
      '/api/listings/protected/delist/prepare',
      () => ({
        makerPaymentAddress: maker.payment.address,
        makerPaymentPublicKey: maker.payment.publicKey,
      }),
      /listingId/,
    ],
    [
      'delist/prepare: a zero fee rate',
      'DELETE',
      '/api/listings/protected/delist/prepare',
      () => ({
        makerPaymentAddress: maker.payment.address,
        makerPaymentPublicKey: maker.payment.publicKey,
        listingId,
        feeRate: 0,
      }),
      /feeRate must be at least 1 sat\/vB/,
    ],
    [
      'delist/confirm: no signedPSBT',
      'PUT',
      '/api/listings/protected/delist/confirm',
      () => ({ listingId, makerPaymentAddress: maker.payment.address }),
      /signedPSBT/,
    ],
    [
      'delist/confirm: nothing prepared',
      'PUT',
      '/api/listings/protected/delist/confirm',
      () => ({ listingId, makerPaymentAddress: maker.payment.address, signedPSBT: NOT_A_PSBT }),
      /^listingId: no delisting/,
    ],
    [
      'delistOffchain: no signature',
      'DELETE',
      '/api/listings/protected/delistOffchain',
      () => ({ listingId }),
      /signedMessage is required/,
    ],
    [
      'delistOffchain: a bad signature',
      'DELETE',
      '/api/listings/protected/delistOffchain',
      () => ({ listingId, signedMessage: 'AAAA' }),
      /^signedMessage: not a signature of 'cancel /,
    ],
    [
      'relist: a bad price',
      'POST',
      '/api/listings/protected/relist',
      () => ({ ...makerBody(), listingId, price: 'a lot' }),
      /price must be a whole number of sats/,
    ],
    [
      'relist: a price below the price input minimum (0.00001 BTC)',
      'POST',
      '/api/listings/protected/relist',
      () => ({ ...makerBody(), listingId, price: 999 }),
      /price must be between 1000 sats and 21,000,000 BTC/,
    ],
    [
      'relist: a signed PSBT that is no PSBT',
      'POST',
      '/api/listings/protected/relist',
      () => ({ ...makerBody(), listingId, price: 30_000, signedPsbt: NOT_A_PSBT }),
      /^signedPsbt is not a valid PSBT/,
    ],
  ])('%s → 400 naming the field', async (_, method, url, body, message) => {
    const res = await api(t, method, url, body(), maker.token);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(res.body.errors?.[0]?.msg).toBe(res.body.error);
  });

  const offerBody = (taker: Trader) => ({
    ids: [listingId],
    takerPaymentAddress: taker.payment.address,
    takerPaymentPublicKey: taker.payment.publicKey,
    takerOrdinalAddress: taker.ordinals.address,
    feeRate: 2,
  });

  it.each<[string, string, (taker: Trader) => object, number, RegExp]>([
    ['no ids', 'createOffer', (b) => ({ ...offerBody(b), ids: [] }), 400, /ids must not be empty/],
    [
      'a fee rate above the cap',
      'createOffer',
      (b) => ({ ...offerBody(b), feeRate: 600 }),
      400,
      /^feeRate: at most 500 sat\/vB/,
    ],
    [
      'a payment key of another address',
      'createOffer',
      (b) => ({ ...offerBody(b), takerPaymentPublicKey: newWallet('p2wpkh').publicKey }),
      400,
      /^takerPaymentPublicKey: does not belong to takerPaymentAddress/,
    ],
    [
      'a buyer without coins',
      'createOffer',
      (b) => offerBody(b),
      400,
      /^takerPaymentAddress does not have enough funds/,
    ],
    [
      'an unknown listing',
      'createOffer',
      (b) => ({ ...offerBody(b), ids: [SOME_ID] }),
      404,
      /^Listing .* not found/,
    ],
    [
      'not base64',
      'submitOffer',
      (b) => ({ ...offerBody(b), signedPSBTBase64: '%%' }),
      400,
      /signedPSBTBase64 must be a base64 PSBT/,
    ],
    [
      'no PSBT',
      'submitOffer',
      (b) => ({ ...offerBody(b), signedPSBTBase64: NOT_A_PSBT }),
      400,
      /^signedPSBTBase64 is not a valid PSBT/,
    ],
  ])('legacy %s: %s', async (_, route, body, status, message) => {
    const taker = await newTrader(t);
    const res = await api(
      t,
      route === 'createOffer' ? 'POST' : 'PUT',
      `/api/listings/legacy/${route}`,
      body(taker),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toMatch(message);
  });

  it('refuses to list an output without an inscription', async () => {
    await node.faucet.fund(maker.ordinals.address, 20_000n);
    await mineAndSync(node, t);
    const utxos = await api(t, 'GET', `/api/shared/address/${maker.ordinals.address}/utxos`);
    const cardinal = utxos.body.payload.cardinal[0] as { txid: string; vout: number };
    const res = await api(
      t,
      'POST',
      '/api/listings/protected/create',
      { ...makerBody(), utxos: [{ utxo: `${cardinal.txid}:${cardinal.vout}`, price: 5_000 }] },
      maker.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^utxos\.0\.utxo: .* holds no inscription/);
  });

  it('refuses to confirm a listing twice', async () => {
    const res = await api(
      t,
      'PUT',
      '/api/listings/protected/confirm',
      { listingIds: [listingId], signedPSBT: NOT_A_PSBT },
      maker.token,
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(`Listing ${listingId} is active, not awaiting a signature`);
  });

  it('refuses to list an inscription twice', async () => {
    const res = await api(
      t,
      'POST',
      '/api/listings/protected/create',
      { ...makerBody(), utxos: [{ utxo: item.outpoint, price: 5_000 }] },
      maker.token,
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/is already listed; relist it/);
  });

  it("is 403 for someone else's wallet or listing", async () => {
    const calls: ['POST' | 'PUT' | 'DELETE', string, object][] = [
      [
        'POST',
        '/api/listings/protected/create',
        { ...makerBody(), utxos: [{ utxo: item.outpoint, price: 1_000 }] },
      ],
      [
        'PUT',
        '/api/listings/protected/confirm',
        { listingIds: [listingId], signedPSBT: NOT_A_PSBT },
      ],
      [
        'DELETE',
        '/api/listings/protected/delist/prepare',
        {
          makerPaymentAddress: stranger.payment.address,
          makerPaymentPublicKey: stranger.payment.publicKey,
          listingId,
        },
      ],
      [
        'PUT',
        '/api/listings/protected/delist/confirm',
        { listingId, signedPSBT: NOT_A_PSBT, makerPaymentAddress: stranger.payment.address },
      ],
      ['DELETE', '/api/listings/protected/delistOffchain', { listingId, signedMessage: 'AAAA' }],
      [
        'POST',
        '/api/listings/protected/relist',
        {
          makerPaymentAddress: stranger.payment.address,
          makerPaymentPublicKey: stranger.payment.publicKey,
          makerOrdinalPublicKey: stranger.ordinals.publicKey,
          price: 1_000,
          listingId,
        },
      ],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(t, method, url, body, stranger.token);
      expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.error).toMatch(/belongs to another wallet/);
    }
    const row = await t.db.kysely
      .selectFrom('orderbook')
      .select('status')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });

  it('never answers the seller signature', async () => {
    const row = await t.db.kysely
      .selectFrom('orderbook')
      .select('signed_psbt')
      .where('id', '=', listingId)
      .executeTakeFirstOrThrow();
    const relist = await api(
      t,
      'POST',
      '/api/listings/protected/relist',
      { ...makerBody(), listingId, price: 20_000 },
      maker.token,
    );
    expect(relist.status).toBe(200);
    expect(relist.body.payload.confirmed).toBe(false);
    expect(JSON.stringify(relist.body)).not.toContain(row.signed_psbt);
  });

  it('keeps order records per signed-in user', async () => {
    const order = {
      source: 'market',
      type: 'ListInscription',
      orderId: listingId,
      address: maker.ordinals.address,
      inscriptionId: item.id,
    };
    const created = await api(t, 'POST', '/api/orders', order, maker.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.payload).toMatchObject({ ...order, count: 1, rewardState: 'pending' });
    const again = await api(t, 'POST', '/api/orders', order, maker.token);
    expect(again.body.payload.id).toBe(created.body.payload.id);

    const bad = await api(t, 'POST', '/api/orders', { ...order, type: 'Steal' }, maker.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^type must be one of BuyListing/);
    const noAuction = await api(
      t,
      'POST',
      '/api/orders',
      { ...order, type: 'AuctionBid', auctionId: SOME_ID },
      maker.token,
    );
    expect(noAuction.status).toBe(400);
    expect(noAuction.body.error).toMatch(/^auctionId: no auction/);

    const mine = await api(t, 'GET', '/api/orders', undefined, maker.token);
    expect(mine.body.payload).toEqual([created.body.payload]);
    const theirs = await api(t, 'GET', '/api/orders', undefined, stranger.token);
    expect(theirs.body.payload).toEqual([]);
  });
});
