import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexBrc20 } from '../src/indexer/brc20/brc20-follower.ts';
import { accrueXp, xpConfig } from '../src/features/rewards/xp-accrual.worker.ts';
import { inscribe } from './helpers/regtest-inscribe.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, newWallet } from './helpers/trading.ts';

// ADR 020: XP accrues per block from the utility token held, an append-only ledger
// computed from our BRC-20 index, so every number is reproducible from the chain; a pass run
// twice adds nothing, and a reorg replaces the XP of the blocks it replaced.

const TICK = 'xpte';
const text = (body: object) => ({
  contentType: 'text/plain;charset=utf-8',
  body: JSON.stringify(body),
});
const mint = (amt: string) => text({ p: 'brc-20', op: 'mint', tick: TICK, amt });

let node: TestNode;
const holder = newWallet('p2tr');
const other = newWallet('p2tr');
beforeAll(async () => {
  node = await startTestNode();
  await inscribe(node, newWallet('p2tr').address, [
    text({ p: 'brc-20', op: 'deploy', tick: TICK, max: '1000000', lim: '1000' }),
  ]);
  await node.faucet.mine(1);
  // The holder mints 1,000; the other address 3 (floor(3 × 0.5) = 1 XP a block).
  await inscribe(node, holder.address, [
    text({ p: 'brc-20', op: 'mint', tick: TICK, amt: '1000' }),
  ]);
  await inscribe(node, other.address, [text({ p: 'brc-20', op: 'mint', tick: TICK, amt: '3' })]);
  await node.faucet.mine(1);
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('XP on %s', (kind) => {
  let t: TestApp;
  // Each database's run has its own holders: the chain is shared.
  const holder = newWallet('p2tr');
  const other = newWallet('p2tr');
  beforeAll(async () => {
    t = await startTestApp(kind, node, { PRODUCT_TICKER: TICK, XP_PER_TOKEN_BLOCK: '0.5' });
    // The holder mints 1,000; the other address 3 (floor(3 × 0.5) = 1 XP a block).
    await inscribe(node, holder.address, [mint('1000')]);
    await inscribe(node, other.address, [mint('3')]);
    await node.faucet.mine(1);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the follower does after a block: index it, its BRC-20, then the XP pass. */
  async function follow() {
    await t.sync();
    await indexBrc20(t.db, 'regtest');
    return accrueXp(t.deps, xpConfig(t.deps.env));
  }
  const xp = async (address: string) =>
    (await api(t, 'GET', `/api/rewards/xp/${address}`)).body.payload.xp as string;
  const heldSince = async (address: string) =>
    (
      await t.db.kysely
        .selectFrom('brc20_balances')
        .select('first_height')
        .where('address', '=', address)
        .where('tick', '=', TICK)
        .executeTakeFirstOrThrow()
    ).first_height;

  it('gives each holder floor(tokens × rate) for every block held, once', async () => {
    await follow();
    await follow();
    const tip = await node.node.rpc.getBlockCount();
    const blocks = tip - (await heldSince(holder.address)) + 1;
    expect(blocks).toBeGreaterThan(0);
    expect(await xp(holder.address)).toBe(String(500 * blocks));
    expect(await xp(other.address)).toBe(String(1 * blocks));
    expect(await xp(newWallet('p2tr').address)).toBe('0');

    await node.faucet.mine(2);
    await follow();
    await follow();
    expect(await xp(holder.address)).toBe(String(500 * (blocks + 2)));
    // A balance that changes closes its period into the ledger: the holder mints 1,000 more.
    const since = await heldSince(holder.address);
    await inscribe(node, holder.address, [mint('1000')]);
    await node.faucet.mine(1);
    await follow();
    await follow();
    const minted = tip + 3;
    const history = await api(t, 'GET', `/api/rewards/xp/${holder.address}/history`);
    expect(history.body.payload.entries).toMatchObject([
      {
        delta: String(500 * (minted - since)),
        reason: 'hold',
        fromHeight: since,
        height: minted - 1,
      },
    ]);
    expect(history.body.payload.hasMore).toBe(false);
    // The new period: 2,000 tokens, 1,000 XP a block, one block so far.
    expect(await xp(holder.address)).toBe(String(500 * (minted - since) + 1000));
  });

  it('replaces the XP of a block a reorg replaced: a mint moved one block later', async () => {
    await follow();
    const before = await xp(holder.address);
    const tip = await node.node.rpc.getBlockCount();
    const old = await node.node.rpc.getBlockHash(tip);
    await node.node.rpc.invalidateBlock(old);
    await node.node.rpc.call('generateblock', [newWallet('p2wpkh').address, []]);
    await node.faucet.mine(1);
    // The app's own XP worker runs on the same block events: whichever pass forgets the
    // replaced block, the outcome is one record per height, under the new hash.
    await follow();
    await follow();
    const record = await t.db.kysely
      .selectFrom('xp_blocks')
      .select('hash')
      .where('height', '=', tip)
      .executeTakeFirstOrThrow();
    expect(record.hash).toBe(await node.node.rpc.getBlockHash(tip));
    expect(record.hash).not.toBe(old);
    // The tip held the holder's second mint; the empty block that replaced it did not, and the
    // mint, back in the mempool, was mined in the block after. So that block earned at 1,000
    // tokens (500), the next at 2,000 (1,000): before, the tip alone had earned 1,000.
    expect(await xp(holder.address)).toBe(String(BigInt(before) + 500n));
  });

  it('refuses an address of another network and a bad page, naming them', async () => {
    const bad = await api(t, 'GET', '/api/rewards/xp/bc1qnotregtest');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('address: not a valid regtest address');
    const page = await api(t, 'GET', `/api/rewards/xp/${holder.address}/history?page=0`);
    expect(page.status).toBe(400);
    expect(page.body.error).toMatch(/page must be 1 or more/);
  });
});
