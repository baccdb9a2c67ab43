import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MiningStatusSchema, PoolResponseSchema, RewardsPageSchema } from '@om/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { platformFeeAddress } from '../src/trading/platform-fee.ts';
import { closeCycles } from '../src/features/rewards/mining/cycle-close.worker.ts';
import { payPools } from '../src/features/rewards/payouts/pool-payouts.worker.ts';
import { rewardsWallet } from '../src/features/rewards/payouts/rewards-wallet.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { buildPayout } from '../src/features/rewards/payouts/payout-tx.ts';
import { payoutKeys } from '../src/features/rewards/payouts/rewards-wallet.ts';
import { api, eventually, inMempool, newTrader, paidTo, type Trader } from './helpers/trading.ts';

// ADR 020: mining pays the fees the platform's fee address received in a 144-block
// cycle to the utility token's holders by token-blocks, in one real transaction, shares below
// dust carried into the next cycle; a drawn pool's btc rewards go to its winners the same way.
// Each payout is journalled before broadcast and confirmed by the claimed transactions worker.

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

const FEES = 100_000n;
/** The BRC-20 index keeps balances in 18 decimals whatever the token's own. */
const E = 10n ** 18n;

describe.each(databaseKinds())('reward payouts on %s', (kind) => {
  // Both databases follow the same node: each its own token and its own fee and rewards keys.
  const tick = kind === 'pglite' ? 'rwpa' : 'rwpb';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-payouts-'));
  let t: TestApp;
  let start: number;
  let alice: Trader;
  let bob: Trader;
  let carol: Trader;
  let bobMint: number;

  beforeAll(async () => {
    const height = await node.node.rpc.getBlockCount();
    // The next cycle's first block, far enough ahead for the deploy and mints before it.
    start = (Math.floor((height + 4) / 144) + 1) * 144;
    t = await startTestApp(kind, node, {
      DATA_DIR: dataDir,
      PRODUCT_TICKER: tick,
      XP_START_HEIGHT: String(start),
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    await t.sync();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const syncAll = async () => {
    await t.sync();
    await indexBrc20(t.db, 'regtest');
  };
  const mineTo = async (height: number) => {
    const tip = await node.node.rpc.getBlockCount();
    if (height > tip) await node.faucet.mine(height - tip);
    await syncAll();
  };
  const brc20 = async (to: string, fields: Record<string, string>) =>
    inscribe(node, to, [
      { contentType: 'text/plain', body: JSON.stringify({ p: 'brc-20', ...fields, tick }) },
    ]);
  const mining = async (address: string) => {
    const res = await api(t, 'GET', `/api/rewards/mining/${address}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return MiningStatusSchema.parse(res.body.payload);
  };
  const rewards = () =>
    t.db.kysely
      .selectFrom('rewards')
      .select(['address', 'type', 'cycle', 'pool_id', 'reward_index', 'amount', 'txid', 'status'])
      .orderBy('key')
      .execute();

  it('holders hold the token from before the cycle; bob mints more in it', async () => {
    alice = await newTrader(t);
    bob = await newTrader(t);
    carol = await newTrader(t);
    await mineTo(start - 3);
    await brc20(alice.ordinals.address, { op: 'deploy', max: '1000000', lim: '1000', dec: '0' });
    await mineTo(start - 2);
    await brc20(alice.ordinals.address, { op: 'mint', amt: '600' });
    await brc20(bob.ordinals.address, { op: 'mint', amt: '399' });
    await brc20(carol.ordinals.address, { op: 'mint', amt: '1' });
    await mineTo(start - 1);
    const balances = await t.db.kysely
      .selectFrom('brc20_balances')
      .select(['address', 'overall'])
      .where('tick', '=', tick)
      .orderBy('overall', 'desc')
      .execute();
    expect(balances.map((b) => [b.address, String(b.overall)])).toEqual([
      [alice.ordinals.address, String(600n * E)],
      [bob.ordinals.address, String(399n * E)],
      [carol.ordinals.address, String(E)],
    ]);
  });

  it("the cycle's fees grow each holder's pending reward by token-blocks", async () => {
    const feeAddress = platformFeeAddress(t.deps.env) ?? '';
    expect(feeAddress).not.toBe('');
    await mineTo(start + 9);
    await node.faucet.fund(feeAddress, FEES);
    // The rewards wallet pays the network fee of the payout (the fees pay the holders in full).
    await node.faucet.fund(rewardsWallet(t.deps.env).address, 50_000n);
    await mineTo(start + 10);
    const early = await mining(alice.ordinals.address);
    expect(early).toMatchObject({
      address: alice.ordinals.address,
      currentBlock: start + 10,
      cycle: {
        index: start / 144,
        startHeight: start,
        endHeight: start + 143,
        fees: String(FEES),
        carried: '0',
      },
      holding: String(600n * 11n * E),
      totalHolding: String(1000n * 11n * E),
      pending: String((FEES * 600n) / 1000n),
    });
    await brc20(bob.ordinals.address, { op: 'mint', amt: '300' });
    await mineTo(start + 20);
    bobMint = start + 11;
    const later = await mining(bob.ordinals.address);
    const bobHolding = 399n * 21n + 300n * BigInt(start + 20 - bobMint + 1);
    const total = 1000n * 21n + 300n * BigInt(start + 20 - bobMint + 1);
    expect(later.holding).toBe(String(bobHolding * E));
    expect(later.totalHolding).toBe(String(total * E));
    expect(later.pending).toBe(String((FEES * bobHolding) / total));
    expect(BigInt(later.pending)).toBeGreaterThan((FEES * 399n) / 1000n);
    const stranger = await api(t, 'GET', '/api/rewards/mining/nope');
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toBe('address: not a valid regtest address');
  });

  it('closes the cycle: one transaction pays each holder their share, dust carried, once', async () => {
    await mineTo(start + 143);
    await closeCycles(t.deps);
    const cycle = await t.db.kysely
      .selectFrom('mining_cycles')
      .selectAll()
      .where('cycle', '=', start / 144)
      .executeTakeFirstOrThrow();
    const blocks = (h: number) => BigInt(start + 143 - h + 1);
    const weights = {
      alice: 600n * 144n,
      bob: 399n * 144n + 300n * blocks(bobMint),
      carol: 1n * 144n,
    };
    const total = weights.alice + weights.bob + weights.carol;
    // splitByWeights: floors, then the one sat left to the largest remainder.
    const floors = {
      alice: (FEES * weights.alice) / total,
      bob: (FEES * weights.bob) / total,
      carol: (FEES * weights.carol) / total,
    };
    expect(floors.carol).toBeLessThan(330n);
    const txid = cycle.txid ?? '';
    expect(cycle).toMatchObject({ state: 'paid', fees: String(FEES), carried_in: '0' });
    expect(BigInt(cycle.paid) + BigInt(cycle.carried_out)).toBe(FEES);
    const paidAlice = await paidTo(node, txid, alice.ordinals.address);
    const paidBob = await paidTo(node, txid, bob.ordinals.address);
    expect(paidAlice - floors.alice).toBeGreaterThanOrEqual(0n);
    expect(paidAlice - floors.alice).toBeLessThanOrEqual(1n);
    expect(paidBob - floors.bob).toBeGreaterThanOrEqual(0n);
    expect(paidBob - floors.bob).toBeLessThanOrEqual(1n);
    expect(await paidTo(node, txid, carol.ordinals.address)).toBe(0n);
    expect(BigInt(cycle.paid)).toBe(paidAlice + paidBob);
    expect(BigInt(cycle.carried_out)).toBe(FEES - paidAlice - paidBob);
    expect(await rewards()).toEqual(
      [
        [alice, paidAlice],
        [bob, paidBob],
      ]
        .map(([who, sats]) => ({
          address: (who as Trader).ordinals.address,
          type: 'mining',
          cycle: start / 144,
          pool_id: null,
          reward_index: null,
          amount: String(sats),
          txid,
          status: 'sent',
        }))
        .sort((a, b) => (a.address < b.address ? -1 : 1)),
    );
    // A second pass, or the worker's own, pays nothing again.
    await closeCycles(t.deps);
    const journal = await t.db.kysely
      .selectFrom('claimed_transactions')
      .select(['ref', 'txids'])
      .where('kind', '=', 'reward-payout')
      .execute();
    expect(journal).toEqual([{ ref: `mining:${start / 144}`, txids: [txid] }]);
    expect(await t.db.kysely.selectFrom('mining_cycles').select('cycle').execute()).toHaveLength(1);
  });

  it('mined, the payout is confirmed and each payee told; the history lists it', async () => {
    const txid = (await rewards())[0]?.txid ?? '';
    await mineTo(start + 144);
    await eventually(async () => {
      expect((await rewards()).map((r) => r.status)).toEqual(['confirmed', 'confirmed']);
    });
    const notes = await t.db.kysely
      .selectFrom('notifications')
      .select(['address', 'title'])
      .where('type', '=', 'mining_payout')
      .orderBy('address')
      .execute();
    expect(notes).toEqual(
      [alice, bob]
        .map((w) => ({ address: w.ordinals.address, title: 'Mining payout sent' }))
        .sort((a, b) => (a.address < b.address ? -1 : 1)),
    );
    // The rewards belong to the address; the user it signed in as is kept too.
    const owner = await t.db.kysely
      .selectFrom('rewards as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('u.address')
      .where('r.address', '=', alice.ordinals.address)
      .execute();
    expect(owner).toEqual([{ address: alice.ordinals.address }]);
    const res = await api(t, 'GET', '/api/rewards/history', undefined, alice.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = RewardsPageSchema.parse(res.body.payload);
    expect(page).toMatchObject({ page: 1, hasMore: false });
    expect(page.rewards).toHaveLength(1);
    expect(page.rewards[0]).toMatchObject({
      type: 'mining',
      address: alice.ordinals.address,
      asset: 'btc',
      txid,
      status: 'confirmed',
      poolTitle: null,
    });
    expect((await api(t, 'GET', '/api/rewards/history')).status).toBe(401);
    const bad = await api(t, 'GET', '/api/rewards/history?page=0', undefined, alice.token);
    expect(bad.status).toBe(400);
    const wallet = await api(t, 'GET', '/api/rewards/wallet');
    expect(wallet.status).toBe(200);
    expect(wallet.body.payload.address).toBe(rewardsWallet(t.deps.env).address);
    // The change of the payout: the 50,000 sats less its network fee.
    const balance = BigInt(wallet.body.payload.balance);
    expect(balance).toBeGreaterThan(40_000n);
    expect(balance).toBeLessThan(50_000n);
  });

  it("pays a drawn pool's btc rewards to its winners in one transaction, once", async () => {
    const pool = await t.db.kysely
      .insertInto('pools')
      .values({ type: 'n-winners', title: `Pool ${tick}`, enabled: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('pool_rewards')
      .values([
        { pool_id: pool.id, type: 'btc', amount: '20000', asset: null },
        { pool_id: pool.id, type: 'brc-20', amount: '5', asset: tick },
      ])
      .execute();
    // The draw as helper A's worker stores it: a block the index has, under its hash.
    const tip = await node.node.rpc.getBlockCount();
    const tipHash = await node.node.rpc.call<string>('getblockhash', [tip]);
    await t.db.kysely
      .insertInto('pool_draws')
      .values({ pool_id: pool.id, height: tip, block_hash: tipHash, entries_hash: '11' })
      .execute();
    await t.db.kysely
      .insertInto('pool_winners')
      .values([
        { pool_id: pool.id, reward_index: 0, address: alice.ordinals.address, amount: '12000' },
        { pool_id: pool.id, reward_index: 0, address: bob.ordinals.address, amount: '8000' },
        { pool_id: pool.id, reward_index: 1, address: carol.ordinals.address, amount: '5' },
      ])
      .execute();
    await payPools(t.deps);
    await payPools(t.deps);
    const rows = (await rewards()).filter((r) => r.type === 'pool');
    const txid = rows.find((r) => r.txid)?.txid ?? '';
    expect(await paidTo(node, txid, alice.ordinals.address)).toBe(12_000n);
    expect(await paidTo(node, txid, bob.ordinals.address)).toBe(8_000n);
    const byAddress = new Map(rows.map((r) => [r.address, r]));
    expect(byAddress.get(alice.ordinals.address)).toMatchObject({
      reward_index: 0,
      amount: '12000',
      txid,
      status: 'sent',
    });
    expect(byAddress.get(bob.ordinals.address)).toMatchObject({ amount: '8000', txid });
    // A brc-20 reward the rewards wallet holds none of waits, recorded pending with no
    // transaction (reward-asset-payouts.test.ts pays one the wallet holds).
    expect(byAddress.get(carol.ordinals.address)).toMatchObject({
      reward_index: 1,
      amount: '5',
      txid: null,
      status: 'pending',
    });
    const journal = await t.db.kysely
      .selectFrom('claimed_transactions')
      .select('txids')
      .where('kind', '=', 'reward-payout')
      .where('ref', '=', `pool:${pool.id}`)
      .execute();
    expect(journal).toEqual([{ txids: [txid] }]);
    await mineTo((await node.node.rpc.getBlockCount()) + 1);
    await eventually(async () => {
      const statuses = (await rewards())
        .filter((r) => r.type === 'pool' && r.txid)
        .map((r) => r.status);
      expect(statuses).toEqual(['confirmed', 'confirmed']);
    });
    const res = await api(t, 'GET', '/api/rewards/history', undefined, bob.token);
    const page = RewardsPageSchema.parse(res.body.payload);
    expect(page.rewards.map((r) => [r.type, r.poolTitle])).toContainEqual(['pool', `Pool ${tick}`]);
  });

  /** How alice's history and the pool's winners show the payout `txid`. */
  const shownPayout = async (poolId: string, txid: string) => {
    const history = await api(t, 'GET', '/api/rewards/history', undefined, alice.token);
    const record = RewardsPageSchema.parse(history.body.payload).rewards.find(
      (r) => r.txid === txid,
    );
    const res = await api(t, 'GET', `/api/rewards/pools/${poolId}`);
    const { pool } = PoolResponseSchema.parse(res.body.payload);
    const winner = pool.winners.find((w) => w.txid === txid);
    return { history: record?.status, winner: winner?.broadcasting };
  };

  /** A drawn pool paying `sats` to alice, its draw block the tip. */
  const drawnPool = async (title: string, sats: bigint) => {
    const pool = await t.db.kysely
      .insertInto('pools')
      .values({ type: 'winner-takes-all', title, enabled: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('pool_rewards')
      .values({ pool_id: pool.id, type: 'btc', amount: String(sats), asset: null })
      .execute();
    const height = await node.node.rpc.getBlockCount();
    const hash = await node.node.rpc.call<string>('getblockhash', [height]);
    await t.db.kysely
      .insertInto('pool_draws')
      .values({ pool_id: pool.id, height, block_hash: hash, entries_hash: '22' })
      .execute();
    await t.db.kysely
      .insertInto('pool_winners')
      .values({
        pool_id: pool.id,
        reward_index: 0,
        address: alice.ordinals.address,
        amount: String(sats),
      })
      .execute();
    return pool.id;
  };
  const poolRows = (poolId: string) =>
    t.db.kysely
      .selectFrom('rewards')
      .select(['txid', 'status'])
      .where('pool_id', '=', poolId)
      .execute();
  const journalOf = (poolId: string) =>
    t.db.kysely
      .selectFrom('claimed_transactions')
      .select(['txids', 'hexes', 'status'])
      .where('kind', '=', 'reward-payout')
      .where('ref', '=', `pool:${poolId}`)
      .orderBy('id')
      .execute();

  it('a payout the wallet cannot fund waits, recording nothing, and goes once funded', async () => {
    const poolId = await drawnPool(`Big ${tick}`, 2_000_000n);
    await payPools(t.deps);
    expect(await poolRows(poolId)).toEqual([]);
    expect(await journalOf(poolId)).toEqual([]);
    await node.faucet.fund(rewardsWallet(t.deps.env).address, 3_000_000n);
    await mineTo((await node.node.rpc.getBlockCount()) + 1);
    await payPools(t.deps);
    const [row] = await poolRows(poolId);
    expect(row?.status).toMatch(/^(sent|confirmed)$/);
    expect(await paidTo(node, row?.txid ?? '', alice.ordinals.address)).toBe(2_000_000n);
  });

  it('a journalled payout whose broadcast failed (a crash) is broadcast again by the claims worker', async () => {
    // The last payout's change confirmed: the wallet's coins for this one.
    await mineTo((await node.node.rpc.getBlockCount()) + 1);
    const broadcast = vi
      .spyOn(t.deps.chain.source, 'broadcast')
      .mockRejectedValueOnce(new Error('the node went away'));
    const poolId = await drawnPool(`Crash ${tick}`, 30_000n);
    await payPools(t.deps);
    broadcast.mockRestore();
    const [row] = await poolRows(poolId);
    const txid = row?.txid ?? '';
    expect(row?.status).toBe('sent');
    expect(await inMempool(node, txid)).toBe(false);
    expect((await journalOf(poolId)).map((j) => j.status)).toEqual(['claimed']);
    // Until the node has it, the payout is shown broadcasting: a link to it would lead nowhere.
    expect(await shownPayout(poolId, txid)).toEqual({ history: 'broadcasting', winner: true });
    // The claims worker leaves a claim to its request for 5 s, then finishes it.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    t.events.emit('mempool', { txids: [] });
    await eventually(async () => expect(await inMempool(node, txid)).toBe(true));
    await eventually(async () =>
      expect(await shownPayout(poolId, txid)).toEqual({ history: 'sent', winner: false }),
    );
    await mineTo((await node.node.rpc.getBlockCount()) + 1);
    await eventually(async () => {
      expect(await poolRows(poolId)).toEqual([{ txid, status: 'confirmed' }]);
      expect((await journalOf(poolId)).map((j) => j.status)).toEqual(['final']);
    });
    expect(await paidTo(node, txid, alice.ordinals.address)).toBe(30_000n);
  });

  it('a payout whose coins were spent elsewhere first is released and paid again', async () => {
    // The last payout's change confirmed: the wallet's coins for this one.
    await mineTo((await node.node.rpc.getBlockCount()) + 1);
    const broadcast = vi
      .spyOn(t.deps.chain.source, 'broadcast')
      .mockRejectedValueOnce(new Error('the node went away'));
    const poolId = await drawnPool(`Spent ${tick}`, 40_000n);
    await payPools(t.deps);
    broadcast.mockRestore();
    const [journal] = await journalOf(poolId);
    const lost = journal?.txids[0] ?? '';
    // The wallet's own coins go elsewhere (back to itself) before the payout is seen.
    const decoded = await node.node.rpc.call<{ vin: { txid: string; vout: number }[] }>(
      'decoderawtransaction',
      [journal?.hexes[0]],
    );
    const keys = payoutKeys(t.deps.env);
    const coins = await Promise.all(
      decoded.vin.map(async (input) => {
        const utxo = await t.db.kysely
          .selectFrom('chain_utxos')
          .select(['value', 'address'])
          .where('txid', '=', input.txid)
          .where('vout', '=', input.vout)
          .executeTakeFirstOrThrow();
        const key = keys.find((k) => k.address === utxo.address);
        if (!key) throw new Error(`no key for ${utxo.address}`);
        return {
          ...input,
          value: BigInt(utxo.value),
          script: key.script,
          privateKey: key.privateKey,
        };
      }),
    );
    const wallet = rewardsWallet(t.deps.env);
    const elsewhere = buildPayout({
      coins,
      outputs: [{ script: wallet.script, value: 10_000n }],
      change: wallet.script,
      feeRate: 5,
      network: 'regtest',
    });
    await node.node.rpc.sendRawTransaction(elsewhere.hex);
    await mineTo((await node.node.rpc.getBlockCount()) + 1);
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    t.events.emit('mempool', { txids: [] });
    await eventually(async () => {
      expect((await journalOf(poolId)).map((j) => j.status)[0]).toBe('released');
    });
    // Owed again: the next pass pays it from the coins left, in a new transaction.
    await payPools(t.deps);
    await eventually(async () => {
      const rows = await poolRows(poolId);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.txid).not.toBe(lost);
      expect(await paidTo(node, rows[0]?.txid ?? '', alice.ordinals.address)).toBe(40_000n);
    });
  });

  it('a cycle whose shares are all dust carries everything on: no transaction', async () => {
    const first = await t.db.kysely
      .selectFrom('mining_cycles')
      .select('carried_out')
      .where('cycle', '=', start / 144)
      .executeTakeFirstOrThrow();
    await mineTo(start + 287);
    await closeCycles(t.deps);
    const next = await t.db.kysely
      .selectFrom('mining_cycles')
      .selectAll()
      .where('cycle', '=', start / 144 + 1)
      .executeTakeFirstOrThrow();
    expect(next).toMatchObject({
      start_height: start + 144,
      end_height: start + 287,
      fees: '0',
      carried_in: first.carried_out,
      carried_out: first.carried_out,
      paid: '0',
      txid: null,
      state: 'carried',
    });
    expect(
      await t.db.kysely
        .selectFrom('rewards')
        .select('key')
        .where('cycle', '=', next.cycle)
        .execute(),
    ).toEqual([]);
  });
});
