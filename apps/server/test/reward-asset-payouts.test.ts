import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { payPools } from '../src/features/rewards/payouts/pool-payouts.worker.ts';
import { rewardsWallet } from '../src/features/rewards/payouts/rewards-wallet.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { eventually, inMempool, newTrader, type Trader } from './helpers/trading.ts';

// ADR 020: a pool's inscription reward is the inscription itself, moved from the
// rewards wallet to the winner at offset 0 of output 0 with its postage, journalled like a btc
// payout; not deposited yet, the reward waits pending. A brc-20 reward is inscribed as a transfer
// to the wallet itself, then, once our index counts it, that transfer is sent to the winner.

/** The BRC-20 index keeps balances in 18 decimals whatever the token's own. */
const E = 10n ** 18n;

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('inscription and brc-20 rewards on %s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-asset-payouts-'));
  let t: TestApp;
  let alice: Trader;

  beforeAll(async () => {
    t = await startTestApp(kind, node, { DATA_DIR: dataDir, WRITE_RATE_LIMIT_PER_MINUTE: '10000' });
    await t.sync();
    alice = await newTrader(t);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const mine = async (blocks = 1) => {
    await node.faucet.mine(blocks);
    await t.sync();
    await indexBrc20(t.db, 'regtest');
  };
  const drawnPool = async (reward: {
    type: 'inscription' | 'brc-20';
    asset: string;
    amount: string;
  }) => {
    const pool = await t.db.kysely
      .insertInto('pools')
      .values({ type: 'winner-takes-all', title: `Pool ${reward.asset}`, enabled: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('pool_rewards')
      .values({ pool_id: pool.id, ...reward })
      .execute();
    const height = await node.node.rpc.getBlockCount();
    const hash = await node.node.rpc.call<string>('getblockhash', [height]);
    await t.db.kysely
      .insertInto('pool_draws')
      .values({ pool_id: pool.id, height, block_hash: hash, entries_hash: '33' })
      .execute();
    await t.db.kysely
      .insertInto('pool_winners')
      .values({
        pool_id: pool.id,
        reward_index: 0,
        address: alice.ordinals.address,
        amount: reward.amount,
      })
      .execute();
    return pool.id;
  };
  const poolRows = (poolId: string) =>
    t.db.kysely
      .selectFrom('rewards')
      .select(['address', 'asset', 'amount', 'txid', 'status', 'key'])
      .where('pool_id', '=', poolId)
      .execute();
  const journalOf = (ref: string) =>
    t.db.kysely
      .selectFrom('claimed_transactions')
      .select(['txids', 'status'])
      .where('kind', '=', 'reward-payout')
      .where('ref', '=', ref)
      .execute();
  const located = async (id: string) => {
    const at = await t.db.kysely
      .selectFrom('chain_inscriptions')
      .select(['address', 'txid', 'vout', 'sat_offset', 'output_value'])
      .where('inscription_id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      ...at,
      vout: Number(at.vout),
      sat_offset: String(at.sat_offset),
      output_value: String(at.output_value),
    };
  };

  it('an inscription reward waits pending until the wallet holds it, then goes to the winner whole', async () => {
    const wallet = rewardsWallet(t.deps.env);
    await node.faucet.fund(wallet.address, 50_000n);
    // Inscribed to the wallet, not mined yet: the reward names an inscription the index has not.
    const { ids } = await inscribe(
      node,
      wallet.address,
      [{ contentType: 'text/plain', body: `reward ${kind}` }],
      7_000n,
    );
    const id = ids[0] ?? '';
    // The draw is in before the inscription is mined: the wallet does not hold it yet.
    const poolId = await drawnPool({ type: 'inscription', asset: id, amount: '1' });
    await payPools(t.deps);
    const key = `pool:${poolId}:0:${alice.ordinals.address}`;
    expect(await poolRows(poolId)).toEqual([
      {
        address: alice.ordinals.address,
        asset: id,
        amount: '1',
        txid: null,
        status: 'pending',
        key,
      },
    ]);
    expect(await journalOf(key)).toEqual([]);

    await mine();
    expect(await located(id)).toMatchObject({ address: wallet.address, output_value: '7000' });
    await payPools(t.deps);
    const [sent] = await poolRows(poolId);
    const txid = sent?.txid ?? '';
    expect(sent?.status).toMatch(/^(sent|confirmed)$/);
    // The pool payouts worker may have run the pass first: its broadcast ends in a while.
    await eventually(async () => {
      expect(await journalOf(key)).toEqual([
        { txids: [txid], status: expect.stringMatching(/^(sent|final)$/) },
      ]);
    });
    // A second pass pays nothing again.
    await payPools(t.deps);
    expect((await journalOf(key)).map((j) => j.txids)).toEqual([[txid]]);

    await mine();
    expect(await located(id)).toEqual({
      address: alice.ordinals.address,
      txid,
      vout: 0,
      sat_offset: '0',
      output_value: '7000',
    });
    await eventually(async () => {
      expect((await poolRows(poolId)).map((r) => r.status)).toEqual(['confirmed']);
    });
    await payPools(t.deps);
    expect((await journalOf(key)).map((j) => j.txids)).toEqual([[txid]]);
  });

  it('a brc-20 reward is inscribed as a transfer to the wallet, then sent to the winner', async () => {
    const tick = kind === 'pglite' ? 'rasa' : 'rasb';
    const wallet = rewardsWallet(t.deps.env);
    const brc20 = (to: string, fields: Record<string, string>) =>
      inscribe(node, to, [
        { contentType: 'text/plain', body: JSON.stringify({ p: 'brc-20', ...fields, tick }) },
      ]);
    const balance = async (address: string) => {
      const row = await t.db.kysely
        .selectFrom('brc20_balances')
        .select(['overall', 'available'])
        .where('address', '=', address)
        .where('tick', '=', tick)
        .executeTakeFirst();
      return { overall: BigInt(row?.overall ?? 0), available: BigInt(row?.available ?? 0) };
    };
    await brc20(alice.ordinals.address, { op: 'deploy', max: '1000000', lim: '1000', dec: '0' });
    await mine();
    await brc20(wallet.address, { op: 'mint', amt: '100' });
    await node.faucet.fund(wallet.address, 50_000n);
    await mine();
    expect(await balance(wallet.address)).toEqual({ overall: 100n * E, available: 100n * E });
    const before = await balance(alice.ordinals.address);

    const poolId = await drawnPool({ type: 'brc-20', asset: tick, amount: '7' });
    const key = `pool:${poolId}:0:${alice.ordinals.address}`;
    await payPools(t.deps);
    // Step A: the transfer inscription, commit and reveal, journalled; the reward still owed.
    await eventually(async () => {
      const [transfer] = await journalOf(`${key}:transfer`);
      expect(transfer?.txids).toHaveLength(2);
      expect(transfer?.status).toMatch(/^(sent|final)$/);
    });
    expect((await poolRows(poolId)).map((r) => [r.status, r.txid])).toEqual([['pending', null]]);
    // A second pass inscribes nothing more.
    await payPools(t.deps);
    expect(await journalOf(`${key}:transfer`)).toHaveLength(1);
    const [transfer] = await journalOf(`${key}:transfer`);
    const transferId = `${transfer?.txids[1]}i0`;

    await mine();
    expect(await balance(wallet.address)).toEqual({ overall: 100n * E, available: 93n * E });
    // Step B: the transfer goes to the winner; the row carries the send's txid.
    await payPools(t.deps);
    let txid = '';
    await eventually(async () => {
      const [row] = await poolRows(poolId);
      expect(row?.status).toMatch(/^(sent|confirmed)$/);
      txid = row?.txid ?? '';
      expect(await journalOf(key)).toEqual([
        { txids: [txid], status: expect.stringMatching(/^(sent|final)$/) },
      ]);
    });
    await mine();
    expect(await located(transferId)).toMatchObject({
      address: alice.ordinals.address,
      txid,
      vout: 0,
      sat_offset: '0',
    });
    expect(await balance(alice.ordinals.address)).toEqual({
      overall: before.overall + 7n * E,
      available: before.available + 7n * E,
    });
    expect(await balance(wallet.address)).toEqual({ overall: 93n * E, available: 93n * E });
    await eventually(async () => {
      expect((await poolRows(poolId)).map((r) => r.status)).toEqual(['confirmed']);
    });
    await payPools(t.deps);
    expect(await journalOf(`${key}:transfer`)).toHaveLength(1);
    expect(await journalOf(key)).toHaveLength(1);
  });

  it('a transfer inscription journalled but not broadcast (a crash) is finished by the claims worker', async () => {
    const tick = kind === 'pglite' ? 'rasa' : 'rasb';
    const wallet = rewardsWallet(t.deps.env);
    const broadcast = vi
      .spyOn(t.deps.chain.source, 'broadcast')
      .mockRejectedValueOnce(new Error('the node went away'));
    const poolId = await drawnPool({ type: 'brc-20', asset: tick, amount: '3' });
    const key = `pool:${poolId}:0:${alice.ordinals.address}`;
    await payPools(t.deps);
    broadcast.mockRestore();
    const [transfer] = await journalOf(`${key}:transfer`);
    expect(transfer?.status).toBe('claimed');
    const [commit = '', reveal = ''] = transfer?.txids ?? [];
    expect(await inMempool(node, commit)).toBe(false);
    // The claims worker leaves a claim to its request for 5 s, then broadcasts it in order.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    t.events.emit('mempool', { txids: [] });
    await eventually(async () => expect(await inMempool(node, reveal)).toBe(true));
    await mine();
    await payPools(t.deps);
    await eventually(async () => {
      expect((await poolRows(poolId)).map((r) => r.status)[0]).toMatch(/^(sent|confirmed)$/);
    });
    await mine();
    expect(await located(`${reveal}i0`)).toMatchObject({ address: alice.ordinals.address });
    const held = await t.db.kysely
      .selectFrom('brc20_balances')
      .select('overall')
      .where('address', '=', wallet.address)
      .where('tick', '=', tick)
      .executeTakeFirstOrThrow();
    expect(BigInt(held.overall)).toBe(90n * E);
  });
});
