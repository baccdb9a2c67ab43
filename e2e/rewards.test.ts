import fs from 'node:fs';
import path from 'node:path';
import { MINING_PAYOUT_CYCLE_BLOCKS } from '@om/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import { inscribeOnNode } from './inscribe.ts';
import {
  apiCall,
  apiGet,
  connectDevWallet,
  eventually,
  faucet,
  mineBlock,
  newDevKeys,
  newPage,
  paidTo,
  regtestPlatformFeeAddress,
  screenshot,
  toastsFrom,
  type Trader,
} from './trade-helpers.ts';

// ADR 020 "End to end" in Chromium on the product's own regtest node: a wallet holds the utility
// token (deployed and minted on chain), its XP and pending mining rewards grow block by block in
// the header; it allocates XP to a proportionate pool and buys tickets in an n-winners pool from
// their pages; past the draw block it recomputes each draw on the page, and finds the payouts on
// chain: each pool's reward and the mining cycle's fees, paid to its ordinals address.

const TICK = 'omkt';
const DEPLOY = { p: 'brc-20', op: 'deploy', tick: TICK, max: '21000000', lim: '1000', dec: '18' };
const MINT = { p: 'brc-20', op: 'mint', tick: TICK, amt: '1000' };
/** 1 XP per token per block: 1,000 XP a block for the holder. */
const XP_PER_TOKEN_BLOCK = '1';
const FEES = 100_000n;
const POOLS_FILE = path.join(import.meta.dirname, 'fixtures', 'reward-pools.json');
const SHARE_POOL = '5b0e7d61-3f7a-4a52-9d0c-1e2f3a4b5c01';
const TICKET_POOL = '5b0e7d61-3f7a-4a52-9d0c-1e2f3a4b5c02';

type PoolWire = {
  id: string;
  title: string;
  state: string;
  endBlock: number;
  commitment: { drawBlock: number };
  winners: { address: string; rewardIndex: number; amount: string; txid: string | null }[];
};
type Mining = {
  pending: string;
  currentBlock: number | null;
  cycle: { index: number; endHeight: number };
};

let app: RunningApp;
let browser: Browser;
let holder: Trader;

const xpOf = async (address: string) =>
  BigInt((await apiGet<{ xp: string }>(app, `/api/rewards/xp/${address}`)).xp);
const poolOf = async (id: string) =>
  (await apiGet<{ pool: PoolWire }>(app, `/api/rewards/pools/${id}`)).pool;
const miningOf = (address: string) => apiGet<Mining>(app, `/api/rewards/mining/${address}`);
const mine = (blocks: number) =>
  apiCall<{ height: number }>(app, 'POST', '/api/dev/mine', { blocks });

/** The header's XP, as the points button shows it. */
const headerXp = (page: Page) =>
  page.getByRole('button', { name: 'Points & Rewards' }).textContent();

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  [app, browser] = await Promise.all([
    startApp({
      SEED_DEMO: 'false',
      XP_PER_TOKEN_BLOCK,
      REWARD_POOLS_FILE: POOLS_FILE,
    }),
    launchBrowser(),
  ]);
  holder = await connectDevWallet(browser, app, 'holder', newDevKeys('p2wpkh'));
  await inscribeOnNode(
    app.rpc,
    holder.ordinalsAddress,
    'text/plain;charset=utf-8',
    JSON.stringify(DEPLOY),
  );
  await mineBlock(app);
  await inscribeOnNode(
    app.rpc,
    holder.ordinalsAddress,
    'text/plain;charset=utf-8',
    JSON.stringify(MINT),
  );
  // The rewards wallet pays the pools; the fee address's receipts are the cycle's fees.
  const wallet = await apiGet<{ address: string }>(app, '/api/rewards/wallet');
  await faucet(app, wallet.address, 1_000_000n);
  await faucet(app, regtestPlatformFeeAddress(app.dataDir), FEES);
  await mineBlock(app);
  await eventually(async () => {
    const { balances } = await apiGet<{ balances: { tick: string; overall: string }[] }>(
      app,
      `/api/brc20/balances/${holder.ordinalsAddress}`,
    );
    expect(balances.find((b) => b.tick === TICK)?.overall).toBe(`1000.${'0'.repeat(18)}`);
  }, 30_000);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('Rewards in the browser', () => {
  it('holds the token: XP and pending mining rewards grow with each block in the header', async () => {
    const { page } = holder;
    await page.goto(`${app.baseUrl}/rewards`);
    const before = await eventually(async () => {
      const xp = await xpOf(holder.ordinalsAddress);
      expect(xp).toBeGreaterThan(0n);
      return xp;
    }, 30_000);
    await mine(2);
    const after = await eventually(async () => {
      const xp = await xpOf(holder.ordinalsAddress);
      expect(xp).toBeGreaterThanOrEqual(before + 2_000n);
      return xp;
    }, 30_000);
    // The header follows the block event: under 99,999 XP it shows the whole number.
    await expect
      .poll(async () => Number((await headerXp(page))?.replace(/\D/g, '')), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(Number(after));

    // The only holder's share is every fee of the open cycle.
    const mining = await eventually(async () => {
      const status = await miningOf(holder.ordinalsAddress);
      expect(BigInt(status.pending)).toBe(FEES);
      return status;
    }, 30_000);
    expect(mining.cycle.endHeight % MINING_PAYOUT_CYCLE_BLOCKS).toBe(
      MINING_PAYOUT_CYCLE_BLOCKS - 1,
    );
    await expect.poll(() => page.getByText('0.00100000 BTC').first().isVisible()).toBe(true);
    await screenshot(page, 'rewards-header');
  }, 120_000);

  it('allocates XP to a proportionate pool and buys tickets in an n-winners pool', async () => {
    const { page } = holder;
    // Another visitor's open page follows the pool live (the 'pool' event), without a reload.
    const watcher = await newPage(browser);
    await watcher.goto(`${app.baseUrl}/rewards/${SHARE_POOL}`);
    await watcher.getByText('0 XP allocated').waitFor();
    await page.goto(`${app.baseUrl}/rewards/${SHARE_POOL}`);
    await page.getByRole('tab', { name: 'Add XP' }).click();
    await page.getByLabel('XP to allocate').fill('500');
    let toasts = await toastsFrom(page);
    await page.getByRole('button', { name: 'Allocate XP' }).click();
    await linkOrdinalsAddressIfAsked(page);
    await toasts.next('You just allocated 500 XP to Story share');
    await watcher.getByText('500 XP allocated').waitFor();
    await watcher.context().close();

    await page.goto(`${app.baseUrl}/rewards/${TICKET_POOL}`);
    await page.getByRole('tab', { name: 'Buy tickets' }).click();
    await page.getByLabel('Tickets to buy').fill('3');
    toasts = await toastsFrom(page);
    await page.getByRole('button', { name: 'Buy tickets' }).click();
    await toasts.next('You just bought 3 tickets for Story tickets');

    const mine = await apiGet<{ points: string; tickets: string }>(
      app,
      `/api/rewards/pools/${TICKET_POOL}/mine?address=${holder.ordinalsAddress}`,
    );
    expect(mine.tickets).toBe('3');
    const share = await apiGet<{ points: string }>(
      app,
      `/api/rewards/pools/${SHARE_POOL}/mine?address=${holder.ordinalsAddress}`,
    );
    expect(share.points).toBe('500');
    await page.getByRole('tab', { name: 'View' }).click();
    await page.getByText('Your tickets: 3').waitFor();
  }, 120_000);

  it('sees each draw past its draw block, verifies it on the page, and finds the payout on chain', async () => {
    const { page } = holder;
    const share = await poolOf(SHARE_POOL);
    const tip = await app.rpc.getBlockCount();
    await mine(Math.max(1, share.commitment.drawBlock - tip + 2));

    for (const [id, amount] of [
      [SHARE_POOL, 20_000n],
      [TICKET_POOL, 30_000n],
    ] as const) {
      const pool = await eventually(async () => {
        const p = await poolOf(id);
        expect(p.state).toBe('drawn');
        expect(p.winners[0]?.txid).toBeTruthy();
        return p;
      }, 60_000);
      // The only entrant wins all of it.
      expect(pool.winners.map((w) => [w.address, w.amount])).toEqual([
        [holder.ordinalsAddress, String(amount)],
      ]);
      // The txid is recorded before the broadcast (a claim survives a restart): wait for the node.
      const paid = await eventually(() => paidTo(app, pool.winners[0]!.txid!), 30_000);
      expect(paid.get(holder.ordinalsAddress)).toBe(amount);

      await page.goto(`${app.baseUrl}/rewards/${id}`);
      await page.getByText('You won').waitFor();
      const verify = page.getByRole('region', { name: 'Verify this draw' });
      await verify.getByRole('button', { name: 'Recompute the draw' }).click();
      await verify
        .getByRole('status')
        .getByText(/^Verified/)
        .waitFor();
    }
    await screenshot(page, 'rewards-draw-verified');
  }, 180_000);

  it('closes the mining cycle: one transaction pays the holder the cycle fees', async () => {
    const { page } = holder;
    const status = await miningOf(holder.ordinalsAddress);
    const tip = await app.rpc.getBlockCount();
    await mine(status.cycle.endHeight - tip + 2);
    await page.goto(`${app.baseUrl}/rewards`);
    const reward = await eventually(async () => {
      const found = (await historyOf(page)).find((r) => r.type === 'mining' && r.txid);
      expect(found).toBeDefined();
      return found!;
    }, 60_000);
    expect(reward.amount).toBe(String(FEES));
    const paid = await eventually(() => paidTo(app, reward.txid!), 30_000);
    expect(paid.get(holder.ordinalsAddress)).toBe(FEES);
    await page.goto(`${app.baseUrl}/rewards`);
    await page
      .getByRole('link', { name: new RegExp(reward.txid!.slice(0, 8)) })
      .first()
      .waitFor();
    await screenshot(page, 'rewards-history');
  }, 180_000);
});

type RewardRow = { type: string; amount: string | null; txid: string | null };

/** The signed-in session's rewards history, read as the page reads it. */
const historyOf = (page: Page) =>
  page.evaluate(async () => {
    const raw = localStorage.getItem('om.session');
    const token = raw ? (JSON.parse(raw) as { token: string }).token : '';
    const res = await fetch('/api/rewards/history?page=1', {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { payload?: { rewards: RewardRow[] } };
    return body.payload?.rewards ?? [];
  });

/** The Dev wallet signs in with its payment address; its XP is at the ordinals one. */
async function linkOrdinalsAddressIfAsked(page: Page) {
  const link = page.getByRole('button', { name: 'Link my ordinals address' });
  const toast = page.locator('[data-sonner-toast]');
  await Promise.race([link.waitFor(), toast.first().waitFor()]);
  if (await link.isVisible()) await link.click();
}
