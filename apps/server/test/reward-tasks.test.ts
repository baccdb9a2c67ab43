import { TasksSchema } from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTradeTasksPass } from '../src/features/rewards/tasks/trade-tasks.worker.ts';
import { FakeX } from './helpers/fake-x.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import {
  api,
  eventually,
  inscribeTo,
  listViaApi,
  mineAndSync,
  newTrader,
  newWallet,
  sign,
  type Trader,
} from './helpers/trading.ts';

// ADR 020: tasks are XP ledger rows, one per task and address. Following the product
// on X is asked of X (a fake that pages follows as X does); the first trade and the first mint
// are read from our own confirmed trades by a worker.

const PUBLIC_URL = 'http://market.test';
const CLIENT = {
  clientId: 'om-app',
  clientSecret: 'om-secret',
  redirectUri: `${PUBLIC_URL}/api/x/callback`,
};
const PRODUCT = { id: '9000', name: 'The Market', username: 'themarket' };
const FOLLOW_FAILED = {
  success: false,
  error: 'Failed to complete follow-twitter task for user',
  errors: [{ msg: 'Failed to complete follow-twitter task for user' }],
};

let node: TestNode;
let fakeX: FakeX;
beforeAll(async () => {
  fakeX = new FakeX([CLIENT]);
  await fakeX.start();
  fakeX.addUser(PRODUCT);
  for (let i = 1; i <= 3; i++)
    fakeX.addUser({ id: `900${i}`, name: `Other ${i}`, username: `other${i}` });
  // Two follows a page: the product is on page 2 of a follower of three others first.
  fakeX.followingPageSize = 2;
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
  await fakeX?.close();
});

describe.each(databaseKinds())('tasks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      X_AUTHORIZE_URL: `${fakeX.url}/i/oauth2/authorize`,
      X_API_URL: fakeX.url,
      X_CLIENT_ID: CLIENT.clientId,
      X_CLIENT_SECRET: CLIENT.clientSecret,
      PUBLIC_URL,
      PRODUCT_X_USERNAME: PRODUCT.username,
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Connects an X account (a new fake X user) to the trader's user, through the real flow. */
  async function connectX(trader: Trader): Promise<string> {
    const id = String(10_000 + Math.floor(Math.random() * 1_000_000));
    fakeX.addUser({ id, name: `User ${id}`, username: `u${id}` });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/x/connect',
      headers: { authorization: `Bearer ${trader.token}` },
    });
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    fakeX.nextConsent = id;
    const consent = await fetch(start.json().payload.authorizeUrl as string, {
      redirect: 'manual',
    });
    const path = (consent.headers.get('location') ?? '').slice(PUBLIC_URL.length);
    const back = await t.app.inject({ method: 'GET', url: path, headers: { cookie } });
    expect(back.body).toContain('"ok":true');
    return id;
  }

  const ledger = (address: string) =>
    t.db.kysely
      .selectFrom('xp_ledger')
      .select(['delta', 'reason', 'key', 'height', 'txid'])
      .where('address', '=', address)
      .orderBy('id')
      .execute();
  const notes = (address: string) =>
    t.db.kysely
      .selectFrom('notifications')
      .select(['type', 'title', 'body', 'retracted'])
      .where('address', '=', address)
      .where('type', '=', 'task_completed')
      .execute();
  const tasks = async (trader: Trader, address = trader.ordinals.address) => {
    const res = await api(t, 'GET', `/api/task?address=${address}`, undefined, trader.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return TasksSchema.parse(res.body.payload);
  };
  const done = async (trader: Trader, address?: string) =>
    Object.fromEntries((await tasks(trader, address)).tasks.map((k) => [k.name, k.completed]));

  it("lists the tasks of the session's own or linked addresses only", async () => {
    const alice = await newTrader(t);
    expect((await api(t, 'GET', `/api/task?address=${alice.ordinals.address}`)).status).toBe(401);
    expect(await tasks(alice)).toEqual({
      address: alice.ordinals.address,
      tasks: [
        {
          name: 'follow-twitter',
          title: 'Follow us on X',
          xp: '100',
          completed: false,
          completedAt: null,
        },
        {
          name: 'first-trade',
          title: 'Make your first trade',
          xp: '250',
          completed: false,
          completedAt: null,
        },
        {
          name: 'first-mint',
          title: 'Mint your first inscription',
          xp: '250',
          completed: false,
          completedAt: null,
        },
      ],
    });
    const stranger = newWallet('p2tr').address;
    const other = await api(t, 'GET', `/api/task?address=${stranger}`, undefined, alice.token);
    expect(other.status).toBe(400);
    expect(other.body.error).toBe(
      `address: ${stranger} is neither this session's address nor one linked to its profile`,
    );
    const bad = await api(t, 'GET', '/api/task?address=nope', undefined, alice.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('address: not a valid regtest address');
    const missing = await api(t, 'GET', '/api/task', undefined, alice.token);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('address is required');
  });

  it("follow-twitter: not connected, or not following, answers the spec's message and writes nothing", async () => {
    const bob = await newTrader(t);
    const url = '/api/task/follow-twitter/complete';
    const notConnected = await api(t, 'POST', url, {}, bob.token);
    expect(notConnected).toEqual({ status: 400, body: FOLLOW_FAILED });

    const xId = await connectX(bob);
    fakeX.follow(xId, '9001');
    const notFollowing = await api(t, 'POST', url, {}, bob.token);
    expect(notFollowing).toEqual({ status: 400, body: FOLLOW_FAILED });
    expect(await ledger(bob.ordinals.address)).toEqual([]);
    expect(await notes(bob.ordinals.address)).toEqual([]);
    expect((await done(bob))['follow-twitter']).toBe(false);
  });

  it('follow-twitter: following (on page 2) credits 100 XP once, to a linked address, refreshing the token', async () => {
    // Signed in with the payment address; the XP goes to the ordinals address it linked.
    const carol = await newTrader(t, { signInWith: 'payment' });
    const user = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('address', '=', carol.payment.address)
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('addresses')
      .values({ address: carol.ordinals.address, user_id: user.id })
      .execute();
    const xId = await connectX(carol);
    for (const other of ['9001', '9002', '9003', PRODUCT.id]) fakeX.follow(xId, other);
    fakeX.expireAccessTokens();
    const grantsBefore = fakeX.grants.length;
    const pagesBefore = fakeX.followingPages.length;

    const url = '/api/task/follow-twitter/complete';
    const body = { address: carol.ordinals.address };
    const first = await api(t, 'POST', url, body, carol.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const follow = TasksSchema.parse(first.body.payload).tasks[0];
    expect(follow).toMatchObject({ name: 'follow-twitter', xp: '100', completed: true });
    expect(follow?.completedAt).not.toBeNull();
    expect(fakeX.grants.slice(grantsBefore)).toEqual(['refresh_token']);
    const pages = fakeX.followingPages.slice(pagesBefore);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toBe('');
    expect(await ledger(carol.ordinals.address)).toEqual([
      {
        delta: '100',
        reason: 'task:follow-twitter',
        key: `task:follow-twitter:${carol.ordinals.address}`,
        height: null,
        txid: null,
      },
    ]);
    expect(await notes(carol.ordinals.address)).toEqual([
      {
        type: 'task_completed',
        title: 'Task completed: Follow us on X',
        body: '+100 XP',
        retracted: false,
      },
    ]);

    const second = await api(t, 'POST', url, body, carol.token);
    expect(second.status).toBe(200);
    expect(TasksSchema.parse(second.body.payload).tasks[0]).toEqual(follow);
    expect(fakeX.followingPages.length).toBe(pagesBefore + 2);
    expect(await ledger(carol.ordinals.address)).toHaveLength(1);
    expect(await notes(carol.ordinals.address)).toHaveLength(1);
    // The payment address it signed in with earned nothing.
    expect(await ledger(carol.payment.address)).toEqual([]);
  });

  it('first trade: a confirmed purchase credits buyer and seller once; un-confirmed, it is taken back', async () => {
    const maker = await newTrader(t);
    const item = await inscribeTo(node, t, maker.ordinals.address);
    const [listingId = ''] = await listViaApi(t, maker, [
      { outpoint: item.outpoint, price: 50_000n },
    ]);
    const taker = await newTrader(t);
    for (let i = 0; i < 3; i++) await node.faucet.fund(taker.payment.address, 600n);
    await node.faucet.fund(taker.payment.address, 500_000n);
    await mineAndSync(node, t);

    const offer = await api(
      t,
      'POST',
      '/api/listings/protected/createOffer',
      {
        ids: [listingId],
        takerPaymentAddress: taker.payment.address,
        takerPaymentPublicKey: taker.payment.publicKey,
        takerOrdinalAddress: taker.ordinals.address,
        feeRate: 2,
        satScan: false,
      },
      taker.token,
    );
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    const indices = (offer.body.payload.inputsToSign as { index: number }[]).map((i) => i.index);
    const submitted = await api(
      t,
      'PUT',
      '/api/listings/protected/submitOffer',
      {
        ids: [listingId],
        signedPSBTBase64: sign(offer.body.payload.psbt as string, taker.payment, indices),
        takerPaymentAddress: taker.payment.address,
        takerOrdinalAddress: taker.ordinals.address,
      },
      taker.token,
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const txid = submitted.body.payload.txId as string;

    // In the mempool it is not a trade yet.
    await creditTradeTasksPass(t.deps);
    expect(await ledger(taker.ordinals.address)).toEqual([]);

    await mineAndSync(node, t);
    const trade = () =>
      t.db.kysely
        .selectFrom('trade_history')
        .selectAll()
        .where('order_id', '=', listingId)
        .executeTakeFirstOrThrow();
    await eventually(async () => expect((await trade()).trade_status).toBe('confirmed'));
    await creditTradeTasksPass(t.deps);
    const { block_height: height } = await trade();
    for (const [who, address] of [
      [taker, taker.ordinals.address],
      [maker, maker.ordinals.address],
    ] as const) {
      expect(await ledger(address)).toEqual([
        {
          delta: '250',
          reason: 'task:first-trade',
          key: `task:first-trade:${address}`,
          height,
          txid,
        },
      ]);
      expect(await done(who, address)).toEqual({
        'follow-twitter': false,
        'first-trade': true,
        'first-mint': false,
      });
      expect(await notes(address)).toEqual([
        {
          type: 'task_completed',
          title: 'Task completed: Make your first trade',
          body: '+250 XP',
          retracted: false,
        },
      ]);
    }
    // A second pass adds nothing.
    expect(await creditTradeTasksPass(t.deps)).toEqual({ removed: [], credited: [] });
    expect(await ledger(taker.ordinals.address)).toHaveLength(1);

    // A reorg: the tracker moves the trade back to the mempool; the XP goes, the notice is
    // retracted. Confirmed again, the XP comes back once and the notice is restored.
    await t.db.kysely
      .updateTable('trade_history')
      .set({ trade_status: 'mempool', block_height: null })
      .where('order_id', '=', listingId)
      .execute();
    await creditTradeTasksPass(t.deps);
    expect(await ledger(taker.ordinals.address)).toEqual([]);
    expect(await ledger(maker.ordinals.address)).toEqual([]);
    expect((await notes(taker.ordinals.address))[0]?.retracted).toBe(true);
    await t.db.kysely
      .updateTable('trade_history')
      .set({ trade_status: 'confirmed', block_height: height })
      .where('order_id', '=', listingId)
      .execute();
    await creditTradeTasksPass(t.deps);
    expect(await ledger(taker.ordinals.address)).toHaveLength(1);
    expect(await notes(taker.ordinals.address)).toEqual([
      {
        type: 'task_completed',
        title: 'Task completed: Make your first trade',
        body: '+250 XP',
        retracted: false,
      },
    ]);
  });
});
