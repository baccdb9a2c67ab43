import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPools } from '../src/features/rewards/payouts/pool-payouts.worker.ts';
import { rewardsWallet } from '../src/features/rewards/payouts/rewards-wallet.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { eventually, newTrader, type Trader } from './helpers/trading.ts';

// Issue 16, ADR 020: a pool's inscription reward is the inscription itself, moved from the
// rewards wallet to the winner at offset 0 of output 0 with its postage, journalled like a btc
// payout; not deposited yet, the reward waits pending.

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
});
