import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encipherRunestone } from '@om/bitcoin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexRunes } from '../src/indexer/runes/runes-follower.ts';
import { payPools } from '../src/features/rewards/payouts/pool-payouts.worker.ts';
import { rewardsWallet } from '../src/features/rewards/payouts/rewards-wallet.ts';
import { upsertPools, type SeedPool } from '../src/features/rewards/pools/pools.seed.ts';
import { spend, type Coin, type Lock } from './helpers/chain-builder.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { runeCommitLock, spacedRune } from './helpers/runes.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { eventually, inMempool, newWallet } from './helpers/trading.ts';

// ADR 020: a pool's rune rewards go out in one transaction per pool from the rewards wallet: a
// runestone with one edict per winner and the rune change by its pointer. Here the rune is etched
// on the node with its premine to the rewards wallet; once the payout is mined, our runes index
// shows each winner holding exactly its amount and the wallet the rest.

const PREMINE = 1_000_000n;

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('rune rewards on %s', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-rune-payouts-'));
  const name = kind === 'pglite' ? 'REWARD•RUNE•POOL•A' : 'REWARD•RUNE•POOL•B';
  const winners = [newWallet('p2tr'), newWallet('p2wpkh'), newWallet('p2tr')];
  let t: TestApp;
  let runeId = '';

  const mine = async (blocks = 1) => {
    await node.faucet.mine(blocks);
    await t.sync();
    const run = await indexRunes(t.db, node.node.rpc, 'regtest');
    expect(run.isAtTip).toBe(true);
  };

  /** The commit of `name`, its sixth confirmation the reveal's block; premine to the wallet. */
  const etch = async () => {
    const wallet = rewardsWallet(t.deps.env);
    const { rune, spacers } = spacedRune(name);
    const lock = runeCommitLock(rune);
    const fundTxid = await node.faucet.fund(lock.address, 30_000n);
    const funded = await node.node.rpc.getRawTransactionVerbose(fundTxid);
    const vout = funded.vout.findIndex((o) => o.scriptPubKey.address === lock.address);
    const commit: Coin = { txid: fundTxid, vout, value: 30_000n, lock };
    await mine(5);
    const to: Lock = {
      kind: 'key',
      address: wallet.address,
      script: wallet.script,
      privateKey: wallet.privateKey,
    };
    const etching = { rune, spacers, divisibility: 2, premine: PREMINE, turbo: false };
    const reveal = spend(
      [commit],
      [
        { lock: to, value: 10_000n },
        { script: encipherRunestone({ edicts: [], etching }), value: 0n },
      ],
    );
    await node.node.rpc.call('sendrawtransaction', [reveal.hex]);
    await node.faucet.fund(wallet.address, 100_000n);
    await mine();
    const entry = await t.db.kysely
      .selectFrom('rune_entries')
      .select('id')
      .where('etching', '=', reveal.txid)
      .executeTakeFirstOrThrow();
    return entry.id;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, node, {
      DATA_DIR: dataDir,
      REWARD_PAYOUT_ALLOWED_TOKENS: name,
    });
    await t.sync();
    runeId = await etch();
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A drawn pool paying `amounts` of the rune to the first winners. */
  const drawnPool = async (amounts: bigint[], asset = runeId) => {
    const pool = await t.db.kysely
      .insertInto('pools')
      .values({ type: 'n-winners', title: `Runes ${amounts.join('/')}`, enabled: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('pool_rewards')
      .values({ pool_id: pool.id, type: 'rune', asset, amount: String(amounts[0]) })
      .execute();
    const height = await node.node.rpc.getBlockCount();
    const hash = await node.node.rpc.call<string>('getblockhash', [height]);
    await t.db.kysely
      .insertInto('pool_draws')
      .values({ pool_id: pool.id, height, block_hash: hash, entries_hash: '33' })
      .execute();
    await t.db.kysely
      .insertInto('pool_winners')
      .values(
        amounts.map((amount, i) => ({
          pool_id: pool.id,
          reward_index: 0,
          address: winners[i]?.address ?? '',
          amount: String(amount),
        })),
      )
      .execute();
    return pool.id;
  };
  const poolRows = (poolId: string) =>
    t.db.kysely
      .selectFrom('rewards')
      .select(['address', 'asset', 'amount', 'txid', 'status'])
      .where('pool_id', '=', poolId)
      .orderBy('amount', 'desc')
      .execute();
  const journalOf = (poolId: string) =>
    t.db.kysely
      .selectFrom('claimed_transactions')
      .select(['txids', 'status'])
      .where('kind', '=', 'reward-payout')
      .where('ref', '=', `pool:${poolId}:runes`)
      .execute();
  /** What our runes index says `address` holds of the rune, by outpoint. */
  const holdings = async (address: string) => {
    const rows = await t.db.kysely
      .selectFrom('rune_balances')
      .select(['outpoint', 'amount'])
      .where('address', '=', address)
      .where('rune_id', '=', runeId)
      .where('spent_height', 'is', null)
      .orderBy('outpoint')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.outpoint, BigInt(r.amount)]));
  };
  const total = (held: Record<string, bigint>) => Object.values(held).reduce((a, b) => a + b, 0n);

  it('seeds a pool naming the rune by its spaced name with the rune id', async () => {
    const id =
      kind === 'pglite'
        ? 'c0ffee00-0000-4000-8000-00000000000a'
        : 'c0ffee00-0000-4000-8000-00000000000b';
    const seed: SeedPool = {
      id,
      type: 'proportionate',
      title: 'Rune pool',
      img: null,
      rewards: [{ type: 'rune', asset: name, amount: '500', name: null, estimatedValue: null }],
      startBlock: 100_000,
      endBlock: 100_010,
      enabled: true,
      order: 0,
    };
    await upsertPools(t.deps, [seed], { updateExisting: false, tip: null });
    const rewards = await t.db.kysely
      .selectFrom('pool_rewards')
      .select(['type', 'asset', 'amount'])
      .where('pool_id', '=', id)
      .execute();
    expect(rewards).toEqual([{ type: 'rune', asset: runeId, amount: '500' }]);
  });

  it('a wallet without enough of the rune leaves the rows pending, naming the rune and the wallet', async () => {
    const wallet = rewardsWallet(t.deps.env);
    const warn = vi.spyOn(t.deps.log, 'warn');
    const poolId = await drawnPool([PREMINE, 1n]);
    await payPools(t.deps);
    expect((await poolRows(poolId)).map((r) => [r.status, r.txid])).toEqual([
      ['pending', null],
      ['pending', null],
    ]);
    expect(await journalOf(poolId)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ rune: name, wallet: wallet.address }),
      `rewards: rune reward waits: the rewards wallet ${wallet.address} holds ${PREMINE} base units of ${name} (${runeId}) it can spend, the pool owes ${PREMINE + 1n}; an operator must deposit them`,
    );
    warn.mockRestore();
    // Out of the way of the next tests: this pool's winners are paid nothing here.
    await t.db.kysely.deleteFrom('rewards').where('pool_id', '=', poolId).execute();
    await t.db.kysely.deleteFrom('pool_winners').where('pool_id', '=', poolId).execute();
  });

  it('pays every winner of a pool in one transaction; the index shows each its amount and the wallet the rest', async () => {
    const wallet = rewardsWallet(t.deps.env);
    const amounts = [150_000n, 2_500n, 7n];
    const poolId = await drawnPool(amounts);
    await payPools(t.deps);
    let txid = '';
    await eventually(async () => {
      const rows = await poolRows(poolId);
      txid = rows[0]?.txid ?? '';
      expect(rows).toEqual(
        amounts.map((amount, i) => ({
          address: winners[i]?.address,
          asset: runeId,
          amount: String(amount),
          txid: expect.stringMatching(/^[0-9a-f]{64}$/),
          status: expect.stringMatching(/^(sent|confirmed)$/),
        })),
      );
      expect(new Set(rows.map((r) => r.txid))).toEqual(new Set([txid]));
      expect(await journalOf(poolId)).toEqual([
        { txids: [txid], status: expect.stringMatching(/^(sent|final)$/) },
      ]);
    });
    // A second pass pays nothing again.
    await payPools(t.deps);
    expect(await journalOf(poolId)).toHaveLength(1);

    await mine();
    // Outputs 1…3 in the order the rows are paid (by key); each winner holds exactly one.
    const vouts: string[] = [];
    for (const [i, amount] of amounts.entries()) {
      const held = Object.entries(await holdings(winners[i]?.address ?? ''));
      expect(held).toEqual([[expect.stringMatching(`^${txid}:[123]$`), amount]]);
      vouts.push(held[0]?.[0] ?? '');
    }
    expect(vouts.sort()).toEqual([1, 2, 3].map((vout) => `${txid}:${vout}`));
    const paid = amounts.reduce((a, b) => a + b, 0n);
    expect(await holdings(wallet.address)).toEqual({ [`${txid}:4`]: PREMINE - paid });
    await eventually(async () => {
      expect((await poolRows(poolId)).map((r) => r.status)).toEqual([
        'confirmed',
        'confirmed',
        'confirmed',
      ]);
    });
  });

  it('a payout journalled but not broadcast (a crash) is broadcast by the claims worker', async () => {
    const wallet = rewardsWallet(t.deps.env);
    const before = total(await holdings(wallet.address));
    const broadcast = vi
      .spyOn(t.deps.chain.source, 'broadcast')
      .mockRejectedValueOnce(new Error('the node went away'));
    const poolId = await drawnPool([300n, 45n]);
    await payPools(t.deps);
    broadcast.mockRestore();
    const [claim] = await journalOf(poolId);
    expect(claim?.status).toBe('claimed');
    const txid = claim?.txids[0] ?? '';
    expect(await inMempool(node, txid)).toBe(false);
    expect((await poolRows(poolId)).map((r) => [r.status, r.txid])).toEqual([
      ['sent', txid],
      ['sent', txid],
    ]);
    // The claims worker leaves a claim to its request for 5 s, then broadcasts it.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    t.events.emit('mempool', { txids: [] });
    await eventually(async () => expect(await inMempool(node, txid)).toBe(true));
    await mine();
    const paid = async (i: number) =>
      Object.entries(await holdings(winners[i]?.address ?? '')).filter(([at]) =>
        at.startsWith(`${txid}:`),
      );
    expect(await paid(0)).toEqual([[expect.stringMatching(`^${txid}:[12]$`), 300n]]);
    expect(await paid(1)).toEqual([[expect.stringMatching(`^${txid}:[12]$`), 45n]]);
    expect(await holdings(wallet.address)).toEqual({ [`${txid}:3`]: before - 345n });
  });
});
