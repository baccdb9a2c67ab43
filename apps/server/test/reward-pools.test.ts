import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drawWinners, entriesHash } from '@om/bitcoin';
import {
  MyPoolEntrySchema,
  NOT_AUTHENTICATED,
  PoolEntriesSchema,
  PoolResponseSchema,
  PoolSpendResponseSchema,
  PoolsSchema,
  splitByWeights,
  type Pool,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { marketChannel } from '../src/features/events/market-events.ts';
import { poolsFile, readSeedPools } from '../src/features/rewards/pools/pools.seed.ts';
import { loadEnv } from '../src/env.ts';
import { accrueXp, xpConfig } from '../src/features/rewards/xp-accrual.worker.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, eventually, newWallet, signIn, type Wallet } from './helpers/trading.ts';

// ADR 020: reward pools come from a seed file, take XP earned by holding the utility
// token (allocations, tickets), freeze at their end block and are drawn from a committed seed and
// the draw block's hash, so anyone recomputes the winners from what the API publishes.

const TICK = 'plxp';
const text = (body: object) => ({
  contentType: 'text/plain;charset=utf-8',
  body: JSON.stringify(body),
});
const ID = {
  prop: '11111111-1111-4111-8111-111111111111',
  nWinners: '22222222-2222-4222-8222-222222222222',
  wta: '33333333-3333-4333-8333-333333333333',
  empty: '44444444-4444-4444-8444-444444444444',
  pending: '55555555-5555-4555-8555-555555555555',
  rune: '66666666-6666-4666-8666-666666666666',
  relative: '77777777-7777-4777-8777-777777777777',
};
const btc = (amount: string) => [{ type: 'btc', amount, name: 'BTC', estimatedValue: amount }];

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
  await inscribe(node, newWallet('p2tr').address, [
    text({ p: 'brc-20', op: 'deploy', tick: TICK, max: '1000000', lim: '1000' }),
  ]);
  await node.faucet.mine(1);
});
afterAll(async () => {
  await node?.stop();
});

it('ships the regtest demo: a live proportionate, n-winners and winner-takes-all pool, and a rune raffle', () => {
  const env = loadEnv({ LOG_LEVEL: 'silent', BITCOIN_NETWORK: 'regtest' });
  expect(poolsFile(env)).toBe(path.resolve(import.meta.dirname, '../pools/regtest.json'));
  const errors: unknown[] = [];
  const log = { info: () => {}, error: (...args: unknown[]) => errors.push(args) };
  const demo = readSeedPools({ env, log: log as never });
  expect(errors).toEqual([]);
  expect(demo.map((p) => [p.type, p.rewards[0]?.amount, p.ticketPrice])).toEqual([
    ['proportionate', '20000', undefined],
    ['n-winners', '30000', '10'],
    ['winner-takes-all', '50000', '10'],
    ['n-winners', '300000', '10'],
  ]);
  expect(demo[1]?.winnerCount).toBe(2);
  expect(demo[3]?.rewards[0]).toMatchObject({ type: 'rune', asset: 'REGTEST•ROCKS•RUNE' });
  expect(demo[3]?.winnerCount).toBe(3);
});

it('skips, with a log saying why, a pool paying a malformed rune or one the file gets wrong', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'om-pools-')), 'pools.json');
  const good = { id: ID.prop, type: 'proportionate', title: 'Good', rewards: btc('1000') };
  const blocks = { startBlock: 1, endBlock: 2 };
  fs.writeFileSync(
    file,
    JSON.stringify({
      pools: [
        { ...good, ...blocks },
        { ...good, ...blocks, id: ID.rune, rewards: [{ type: 'rune', asset: 'a•b', amount: '1' }] },
        { ...good, id: 'not-a-uuid', ...blocks },
        { ...good, ...blocks, id: ID.wta, type: 'winner-takes-all' },
      ],
    }),
  );
  const env = loadEnv({ LOG_LEVEL: 'silent', REWARD_POOLS_FILE: file });
  const errors: string[] = [];
  const log = { info: () => {}, error: (_: unknown, msg: string) => errors.push(msg) };
  expect(readSeedPools({ env, log: log as never }).map((p) => p.id)).toEqual([ID.prop]);
  expect(errors).toEqual([
    'reward pool refused: rune reward a•b is neither a rune id (block:tx) nor a rune name (A–Z, spacers • or .)',
    'reward pool refused',
    'reward pool refused: a ticket pool needs its ticketPrice',
  ]);
});

describe.each(databaseKinds())('reward pools on %s', (kind) => {
  let t: TestApp;
  let T: number;
  const published: { kind: string; data: { id: string } }[] = [];
  let unlisten: () => Promise<void>;
  // Alice, Bob and Carol hold 1,000 tokens each (1,000 XP a block at rate 1); Dave holds none.
  const [alice, bob, carol, dave] = [0, 1, 2, 3].map(() => newWallet('p2tr')) as Wallet[];
  const token: Record<string, string> = {};

  beforeAll(async () => {
    for (const w of [alice, bob, carol]) {
      await inscribe(node, w!.address, [
        text({ p: 'brc-20', op: 'mint', tick: TICK, amt: '1000' }),
      ]);
    }
    T = (await node.faucet.mine(1)).height;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'om-pools-')), 'pools.json');
    const pool = (id: string, type: string, start: unknown, end: unknown, extra: object) => ({
      id,
      type,
      title: `Pool ${id.slice(0, 2)}`,
      rewards: btc('20000'),
      startBlock: start,
      endBlock: end,
      enabled: true,
      ...extra,
    });
    const ticket = { ticketPrice: '10' };
    fs.writeFileSync(
      file,
      JSON.stringify({
        pools: [
          pool(ID.prop, 'proportionate', T + 2, T + 6, { order: 1 }),
          pool(ID.nWinners, 'n-winners', T, T + 6, {
            ...ticket,
            winnerCount: 2,
            rewards: btc('30000'),
            order: 2,
          }),
          pool(ID.wta, 'winner-takes-all', T, T + 6, {
            ...ticket,
            rewards: btc('50000'),
            order: 3,
          }),
          pool(ID.empty, 'winner-takes-all', T, T + 6, { ...ticket, order: 4 }),
          pool(ID.pending, 'proportionate', -1, -1, { order: 5 }),
          pool(ID.rune, 'proportionate', T, T + 6, {
            rewards: [{ type: 'rune', asset: 'UNCOMMON•GOODS', amount: '5' }],
            order: 6,
          }),
          pool(
            ID.relative,
            'n-winners',
            { fromTip: 100 },
            { fromTip: 200 },
            {
              ...ticket,
              winnerCount: 3,
              order: 7,
            },
          ),
        ],
      }),
    );
    t = await startTestApp(kind, node, {
      PRODUCT_TICKER: TICK,
      XP_PER_TOKEN_BLOCK: '1',
      REWARD_POOLS_FILE: file,
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    unlisten = await t.db.listen(marketChannel(t.db.schema), (payload) => {
      const event = JSON.parse(payload) as { kind: string; data: { id: string } };
      if (event.kind === 'pool') published.push(event);
    });
  });
  afterAll(async () => {
    await unlisten?.();
    await t?.close();
  });

  /** What the follower does after blocks: index them, their BRC-20, then the XP pass. */
  async function follow() {
    await t.sync();
    await indexBrc20(t.db, 'regtest');
    await accrueXp(t.deps, xpConfig(t.deps.env));
  }
  async function mineTo(height: number) {
    const tip = await node.node.rpc.getBlockCount();
    if (height > tip) await node.faucet.mine(height - tip);
    await follow();
  }
  const pools = async () => {
    const res = await api(t, 'GET', '/api/rewards/pools');
    expect(res.status).toBe(200);
    return PoolsSchema.parse(res.body.payload);
  };
  const getPool = async (id: string): Promise<Pool> => {
    const res = await api(t, 'GET', `/api/rewards/pools/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return PoolResponseSchema.parse(res.body.payload).pool;
  };
  const mine = async (id: string, w: Wallet) => {
    const res = await api(t, 'GET', `/api/rewards/pools/${id}/mine?address=${w.address}`);
    expect(res.status).toBe(200);
    return MyPoolEntrySchema.parse(res.body.payload);
  };
  const spend = (id: string, w: Wallet, body: object, as: Wallet = w) =>
    api(
      t,
      'POST',
      `/api/rewards/pools/${id}/${'points' in body ? 'allocate' : 'tickets'}`,
      { address: w.address, ...body },
      token[as.address],
    );
  const refused = (status: number, msg: string) => ({
    status,
    body: { success: false, error: msg, errors: [expect.objectContaining({ msg })] },
  });
  const states = async () => Object.fromEntries((await pools()).pools.map((p) => [p.id, p.state]));

  it('seeds the file at start: pending before any block is indexed, an unlisted rune refused', async () => {
    // The worker's first pass upserts the file on start.
    await eventually(async () => expect((await pools()).pools).toHaveLength(5));
    const before = await pools();
    expect(before.currentBlock).toBeNull();
    // The relative pool waits for an indexed tip; the rune pool is never inserted.
    expect(before.pools.map((p) => [p.id, p.state])).toEqual([
      [ID.prop, 'pending'],
      [ID.nWinners, 'pending'],
      [ID.wta, 'pending'],
      [ID.empty, 'pending'],
      [ID.pending, 'pending'],
    ]);
    const prop = before.pools[0]!;
    expect(prop).toMatchObject({
      type: 'proportionate',
      startBlock: T + 2,
      endBlock: T + 6,
      ticketPrice: null,
      winnerCount: null,
      totalPointsAllocated: '0',
      rewards: [
        { type: 'btc', asset: null, amount: '20000', name: 'BTC', estimatedValue: '20000' },
      ],
      commitment: { drawBlock: T + 9 },
      draw: null,
      winners: [],
    });
    expect(prop.commitment.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(before.pools[4]).toMatchObject({ startBlock: -1, endBlock: -1 });
    expect(before.pools[1]).toMatchObject({ ticketPrice: '10', winnerCount: 2 });
    expect(before.pools[2]).toMatchObject({ winnerCount: 1 });
    // The secret never leaves before the draw.
    const seed = await t.db.kysely
      .selectFrom('pools')
      .select('seed')
      .where('id', '=', ID.prop)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(before)).not.toContain(seed.seed);
    expect(
      await t.db.kysely.selectFrom('pools').select('id').where('id', '=', ID.rune).execute(),
    ).toEqual([]);

    await follow();
    await eventually(async () => {
      const listed = await pools();
      expect(listed.currentBlock).toBe(T);
      expect(listed.pools.map((p) => p.id)).toContain(ID.relative);
    });
    const relative = await getPool(ID.relative);
    // Resolved once, against the indexed tip once the index caught up with the chain.
    expect(relative).toMatchObject({
      startBlock: T + 100,
      endBlock: T + 200,
      commitment: { drawBlock: T + 203 },
    });
    expect(await states()).toEqual({
      [ID.prop]: 'upcoming',
      [ID.nWinners]: 'live',
      [ID.wta]: 'live',
      [ID.empty]: 'live',
      [ID.pending]: 'pending',
      [ID.relative]: 'upcoming',
    });
    const missing = await api(t, 'GET', '/api/rewards/pools/99999999-9999-4999-8999-999999999999');
    expect(missing).toEqual(refused(404, 'Pool not found'));
    expect(await api(t, 'GET', '/api/rewards/pools/nope/entries')).toEqual(
      refused(404, 'Pool not found'),
    );
  });

  it('refuses a spend unauthenticated, for an address not proved, not live, or short of XP', async () => {
    for (const w of [alice, bob, carol, dave]) token[w!.address] = await signIn(t, w!);
    const a = alice!;
    const xp = BigInt((await mine(ID.nWinners, a)).xpAvailable);
    expect(xp).toBeGreaterThanOrEqual(1000n);
    expect(xp % 1000n).toBe(0n);

    const anon = await api(t, 'POST', `/api/rewards/pools/${ID.nWinners}/tickets`, {
      address: a.address,
      count: 1,
    });
    expect(anon).toEqual({
      status: 401,
      body: { success: false, error: NOT_AUTHENTICATED, errors: [{ msg: NOT_AUTHENTICATED }] },
    });
    expect(await spend(ID.nWinners, bob!, { count: 1 }, a)).toEqual(
      refused(
        400,
        `address: ${bob!.address} is neither this session's address nor one linked to its profile`,
      ),
    );
    expect(await spend(ID.prop, a, { points: '10' })).toEqual(refused(409, 'Pool is not live'));
    expect(await spend(ID.pending, a, { points: '10' })).toEqual(refused(409, 'Pool is not live'));
    expect(await spend(ID.nWinners, a, { points: '10' })).toEqual(
      refused(400, 'This pool takes tickets, not points'),
    );
    expect(await spend(ID.nWinners, dave!, { count: 1 })).toEqual(
      refused(400, 'Not enough XP: you have 0 XP'),
    );
    const tooMany = Number(xp / 10n) + 1;
    expect(await spend(ID.nWinners, a, { count: tooMany })).toEqual(
      refused(400, `Not enough XP: you have ${xp} XP`),
    );
    expect(await spend(ID.nWinners, a, { count: 0 })).toEqual(
      refused(400, 'count must be 1 or more'),
    );
    const spent = await t.db.kysely
      .selectFrom('xp_ledger')
      .select('id')
      .where('reason', '=', 'spend:pool')
      .execute();
    expect(spent).toEqual([]);
  });

  it('buys tickets with XP: a negative ledger row each, totals bumped, a pool event', async () => {
    const before = BigInt((await mine(ID.nWinners, alice!)).xpAvailable);
    const res = await spend(ID.nWinners, alice!, { count: 3 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = PoolSpendResponseSchema.parse(res.body.payload);
    expect(body.mine).toEqual({
      address: alice!.address,
      points: '0',
      tickets: '3',
      xpAvailable: String(before - 30n),
    });
    expect(body.pool.totalTickets).toBe('3');
    for (const [w, n] of [
      [bob, 5],
      [carol, 2],
      [alice, 1],
    ] as const) {
      expect((await spend(ID.nWinners, w!, { count: n })).status).toBe(200);
    }
    for (const [w, n] of [
      [bob, 2],
      [alice, 1],
    ] as const) {
      expect((await spend(ID.wta, w!, { count: n })).status).toBe(200);
    }
    expect((await getPool(ID.nWinners)).totalTickets).toBe('11');
    expect(await mine(ID.nWinners, alice!)).toMatchObject({
      tickets: '4',
      xpAvailable: String(before - 40n - 10n),
    });
    const spends = await t.db.kysely
      .selectFrom('xp_ledger')
      .select(['delta', 'reason', 'key'])
      .where('address', '=', alice!.address)
      .where('delta', '<', '0')
      .orderBy('id')
      .execute();
    const bought = await t.db.kysely
      .selectFrom('tickets')
      .select(['id', 'pool_id', 'count', 'user_id'])
      .where('address', '=', alice!.address)
      .orderBy('id')
      .execute();
    expect(bought.map((k) => [k.pool_id, k.count])).toEqual([
      [ID.nWinners, 3],
      [ID.nWinners, 1],
      [ID.wta, 1],
    ]);
    expect(bought.every((k) => k.user_id !== null)).toBe(true);
    expect(spends).toEqual(
      bought.map((k) => ({
        delta: String(-10 * k.count),
        reason: 'spend:pool',
        key: `spend:${k.pool_id}:${k.id}`,
      })),
    );
    // Two spends of one address at once: the second waits for the first, then finds less XP.
    const xp = BigInt((await mine(ID.wta, carol!)).xpAvailable);
    const count = Number((xp * 6n) / 100n);
    const both = await Promise.all([1, 2].map(() => spend(ID.wta, carol!, { count })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)).toEqual(
      refused(400, `Not enough XP: you have ${xp - BigInt(count) * 10n} XP`),
    );
    expect(await mine(ID.wta, carol!)).toMatchObject({
      tickets: String(count),
      xpAvailable: String(xp - BigInt(count) * 10n),
    });
    // Entries: one per address, in the order of its first entry.
    const entries = await api(t, 'GET', `/api/rewards/pools/${ID.nWinners}/entries`);
    expect(PoolEntriesSchema.parse(entries.body.payload).entries).toEqual([
      { address: alice!.address, weight: '4' },
      { address: bob!.address, weight: '5' },
      { address: carol!.address, weight: '2' },
    ]);
    await eventually(async () => {
      expect(published.filter((e) => e.data.id === ID.nWinners)).toHaveLength(4);
      expect(published.filter((e) => e.data.id === ID.wta)).toHaveLength(3);
    });
  });

  it('allocates points once the pool is live, and freezes every pool at its end block', async () => {
    await mineTo(T + 2);
    await eventually(async () => expect((await states())[ID.prop]).toBe('live'));
    for (const [w, points] of [
      [alice, '500'],
      [bob, '300'],
      [alice, '200'],
    ] as const) {
      const res = await spend(ID.prop, w!, { points });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(await getPool(ID.prop)).toMatchObject({ totalPointsAllocated: '1000' });
    expect(await mine(ID.prop, alice!)).toMatchObject({ points: '700', tickets: '0' });
    expect(await spend(ID.prop, alice!, { count: 1 })).toEqual(
      refused(400, 'This pool takes points, not tickets'),
    );

    await mineTo(T + 6);
    await eventually(async () => {
      expect(await states()).toMatchObject({
        [ID.prop]: 'ended',
        [ID.nWinners]: 'ended',
        [ID.wta]: 'ended',
        [ID.empty]: 'ended',
      });
    });
    expect(await spend(ID.prop, bob!, { points: '1' })).toEqual(refused(409, 'Pool is not live'));
    expect(await spend(ID.wta, bob!, { count: 1 })).toEqual(refused(409, 'Pool is not live'));
    expect((await getPool(ID.wta)).draw).toBeNull();
  });

  /** Recomputes the draw from what the API publishes, as the browser's verify section does. */
  async function verify(id: string) {
    const pool = await getPool(id);
    expect(pool.state).toBe('drawn');
    const draw = pool.draw!;
    const seedHash = createHash('sha256').update(Buffer.from(draw.seed, 'hex')).digest('hex');
    expect(seedHash).toBe(pool.commitment.seedHash);
    expect(draw.blockHash).toBe(await node.node.rpc.getBlockHash(pool.commitment.drawBlock));
    const res = await api(t, 'GET', `/api/rewards/pools/${id}/entries`);
    const entries = PoolEntriesSchema.parse(res.body.payload).entries.map((e) => ({
      address: e.address,
      tickets: BigInt(e.weight),
    }));
    expect(entriesHash(entries)).toBe(draw.entriesHash);
    let addresses: string[];
    let weights: bigint[];
    if (pool.type === 'proportionate') {
      addresses = entries.map((e) => e.address);
      weights = entries.map((e) => e.tickets);
    } else {
      const drawn = drawWinners({
        seedHex: draw.seed,
        blockHashHex: draw.blockHash,
        entries,
        winners: pool.winnerCount ?? 1,
      });
      addresses = drawn.winners.map((i) => entries[i]!.address);
      weights = addresses.map(() => 1n);
    }
    const expected = pool.rewards.flatMap((r, rewardIndex) =>
      splitByWeights(BigInt(r.amount), weights)
        .map((amount, i) => ({
          address: addresses[i]!,
          rewardIndex,
          amount: String(amount),
          txid: null,
          broadcasting: false,
        }))
        .filter((w) => w.amount !== '0'),
    );
    const byAddress = (a: { address: string; rewardIndex: number }, b: typeof a) =>
      a.rewardIndex - b.rewardIndex || a.address.localeCompare(b.address);
    expect([...pool.winners].sort(byAddress)).toEqual(expected.sort(byAddress));
    return pool;
  }

  it('draws each pool once its draw block is indexed; anyone recomputes the winners', async () => {
    await mineTo(T + 8);
    expect((await getPool(ID.prop)).state).toBe('ended');
    await mineTo(T + 9);
    await eventually(async () => {
      const s = await states();
      for (const id of [ID.prop, ID.nWinners, ID.wta, ID.empty]) expect(s[id]).toBe('drawn');
    });
    const prop = await verify(ID.prop);
    expect(prop.winners).toEqual(
      [
        {
          address: alice!.address,
          rewardIndex: 0,
          amount: '14000',
          txid: null,
          broadcasting: false,
        },
        { address: bob!.address, rewardIndex: 0, amount: '6000', txid: null, broadcasting: false },
      ].sort((a, b) => a.address.localeCompare(b.address)),
    );
    const n = await verify(ID.nWinners);
    expect(n.winners).toHaveLength(2);
    expect(n.winners.map((w) => w.amount)).toEqual(['15000', '15000']);
    const wta = await verify(ID.wta);
    expect(wta.winners).toHaveLength(1);
    expect(wta.winners[0]!.amount).toBe('50000');
    expect((await verify(ID.empty)).winners).toEqual([]);

    const hash = await node.node.rpc.getBlockHash(T + 9);
    const noted = await t.db.kysely
      .selectFrom('notifications')
      .select(['address', 'dedupe_key', 'title'])
      .where('type', '=', 'pool_won')
      .where('dedupe_key', '=', `pool_won:${ID.wta}:${hash}`)
      .execute();
    expect(noted).toEqual([
      {
        address: wta.winners[0]!.address,
        dedupe_key: `pool_won:${ID.wta}:${hash}`,
        title: 'You won in Pool 33',
      },
    ]);
    await eventually(async () =>
      expect(published.filter((e) => e.data.id === ID.empty).length).toBeGreaterThanOrEqual(1),
    );
    // A second pass draws nothing again.
    await mineTo(T + 10);
    const draws = await t.db.kysely.selectFrom('pool_draws').select('pool_id').execute();
    expect(draws).toHaveLength(4);
  });

  it('draws again from the new block when a reorg replaces the draw block before any payout', async () => {
    const old = await node.node.rpc.getBlockHash(T + 9);
    // The proportionate pool's payout is journalled already: its draw stands.
    await t.db.kysely
      .insertInto('rewards')
      .values({
        address: alice!.address,
        type: 'pool',
        pool_id: ID.prop,
        reward_index: 0,
        amount: '14000',
        txid: 'ab'.repeat(32),
        status: 'sent',
        key: `pool:${ID.prop}:0:${alice!.address}`,
      })
      .execute();
    await node.node.rpc.invalidateBlock(old);
    await node.node.rpc.call('generateblock', [newWallet('p2wpkh').address, []]);
    await node.faucet.mine(1);
    const fresh = await node.node.rpc.getBlockHash(T + 9);
    expect(fresh).not.toBe(old);
    await follow();
    await eventually(async () => {
      for (const id of [ID.nWinners, ID.wta, ID.empty]) {
        expect((await getPool(id)).draw?.blockHash).toBe(fresh);
      }
    });
    const paid = await getPool(ID.prop);
    expect(paid.draw?.blockHash).toBe(old);
    expect(paid.winners).toContainEqual({
      address: alice!.address,
      rewardIndex: 0,
      amount: '14000',
      txid: 'ab'.repeat(32),
      broadcasting: false,
    });
    await verify(ID.nWinners);
    await verify(ID.wta);
    const retracted = await t.db.kysely
      .selectFrom('notifications')
      .select(['retracted'])
      .where('dedupe_key', '=', `pool_won:${ID.wta}:${old}`)
      .execute();
    expect(retracted).toEqual([{ retracted: true }]);
  });
});
