import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import {
  apiGet,
  connectDevWallet,
  eventually,
  fundWithTestCoins,
  indexesAtTip,
  mineBlock,
  newDevKeys,
  paidTo,
  screenshot,
  type Trader,
} from './trade-helpers.ts';

// ADR 017 "End to end" in Chromium against the product on its own regtest node, with the demo's
// pools: a Dev wallet buys the utility token with BTC from the header's "Buy omkt", signs the
// swap its page reviewed, and sees it completed; then inscribes a transfer of part of it and
// sells that back. Each time the index has exactly the tokens the order says, the chain pays at
// least the minimum shown, and the pool's reserves move by exactly the order's amounts.

const TICK = 'omkt';
const SEND_BTC = '0.001';
const SOLD = 100n;
const SCALE = 10n ** 18n;

type Order = {
  order_id: string;
  state: string;
  send_amount: string;
  receive_amount: string;
  min_receive: string;
  platform_fee: string;
  tx_id: string;
};
type Pool = { tick1_volume: string; tick2_volume: string };
type Balance = { tick: string; overall: string; available: string };
type Transferable = { inscriptionId: string; amount: string; state: string };

let app: RunningApp;
let browser: Browser;
let user: Trader;

/** A decimal string at `decimals` places as an integer of that scale. */
function units(text: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals));
}
const sats = (btc: string) => units(btc, 8);
const tokens = (amount: string) => units(amount, 18);

async function swapCall<T>(path: string, init?: { body: object }): Promise<T> {
  const res = await fetch(`${app.baseUrl}/brc20swap${path}`, {
    method: init ? 'POST' : 'GET',
    headers: init ? { 'content-type': 'application/json' } : {},
    body: init ? JSON.stringify(init.body) : undefined,
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  expect(envelope.msg).toBe('ok');
  return envelope.data;
}
const order = (id: string) => swapCall<Order>(`/order?order_id=${id}`);
const pool = () =>
  swapCall<Pool>('/swap_pools_info', {
    body: {
      send_coin_type: 'btc',
      send_tick: 'btc',
      receive_coin_type: 'brc20',
      receive_tick: TICK,
      address: '0',
    },
  });
const balanceOf = async (address: string) => {
  const { balances } = await apiGet<{ balances: Balance[] }>(app, `/api/brc20/balances/${address}`);
  return balances.find((b) => b.tick === TICK);
};

/** Mines a block every 2 s until `check` holds. */
async function mineUntil<T>(check: () => Promise<T>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await eventually(check, 2_000);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await mineBlock(app);
    }
  }
}

/** Clicks Swap, then Sign and swap in the review; answers the order send_swap_psbt answered. */
async function signSwap(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Swap', exact: true }).click();
  const review = page.getByRole('region', { name: 'Swap review' });
  await review.waitFor();
  await screenshot(page, `swap-${name}-review`, false);
  const sent = page.waitForResponse((r) => r.url().endsWith('/brc20swap/send_swap_psbt'));
  await review.getByRole('button', { name: 'Sign and swap' }).click();
  const body = (await (await sent).json()) as { code: number; msg: string; data: Order };
  expect(body.msg).toBe('ok');
  await page.getByText('Broadcast: waiting for a block.').waitFor();
  return body.data.order_id;
}

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  [app, browser] = await Promise.all([
    startApp({ SEED_DEMO: 'true', LOG_LEVEL: 'info' }),
    launchBrowser(),
  ]);
  // The demo seeds its pools (and swaps in their history) after its tokens, then mines on for its
  // auctions and launches: the stories start once it is done and every index holds the tip, so
  // that the pool's reserves read before a swap count every coin it has (an output the index has
  // not reached yet is not vouched for as cardinal, and would appear between the two reads).
  const seeded = await app.waitForLog(/"msg":"demo market( launches: \w+|: seed failed)/, 300_000);
  expect(seeded, 'the demo market seed').not.toContain('seed failed');
  user = await connectDevWallet(browser, app, 'swapper', newDevKeys('p2wpkh'));
  await fundWithTestCoins(app, user);
  await indexesAtTip(app);
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the swap in the browser', () => {
  let bought = 0n;

  it(`buys ${TICK} with ${SEND_BTC} BTC from the header's Buy ${TICK}`, async () => {
    const { page } = user;
    const before = await pool();
    await page.goto(`${app.baseUrl}/collections`);
    // The header's Buy opens the start-mining menu (product.md#market-screens), whose Buy goes to
    // the swap.
    await page.getByRole('button', { name: `Buy ${TICK}` }).click();
    await page
      .getByRole('dialog', { name: 'Start mining' })
      .getByRole('link', { name: `Buy ${TICK}` })
      .click();
    await page.waitForURL(/\/swap\?send=btc&receive=omkt$/);
    await page.getByLabel('You send', { exact: true }).fill(SEND_BTC);
    await expect
      .poll(() => page.getByLabel('You receive', { exact: true }).inputValue(), { timeout: 15_000 })
      .not.toBe('');
    const id = await signSwap(page, 'buy');

    await mineUntil(async () => expect((await order(id)).state).toBe('completed'));
    await page.getByText('Swap completed.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'swap-bought');
    const done = await order(id);
    bought = tokens(done.receive_amount);
    expect(bought).toBeGreaterThanOrEqual(tokens(done.min_receive));
    const balance = await balanceOf(user.ordinalsAddress);
    expect(tokens(balance?.available ?? '0')).toBe(bought);
    // The pool gave exactly those tokens and kept the BTC paid less the platform's part.
    const after = await pool();
    expect(tokens(before.tick2_volume) - tokens(after.tick2_volume)).toBe(bought);
    expect(sats(after.tick1_volume) - sats(before.tick1_volume)).toBe(
      sats(done.send_amount) - sats(done.platform_fee),
    );
  }, 240_000);

  it(`inscribes a transfer of ${SOLD} ${TICK} and sells it back for at least the minimum`, async () => {
    const { page } = user;
    expect(bought).toBeGreaterThan(SOLD * SCALE);
    const before = await pool();
    await page.goto(`${app.baseUrl}/swap?send=${TICK}&receive=btc`);
    await page.getByText('Transfer inscription to sell').waitFor();
    await page.getByRole('button', { name: 'Inscribe transfer' }).click();
    const inscribe = page.getByRole('dialog', { name: `Inscribe ${TICK} transfer` });
    await inscribe.getByLabel('Amount').fill(String(SOLD));
    await inscribe.getByLabel('Fee rate (sat/vB)').fill('2');
    await inscribe.getByRole('button', { name: 'Get price' }).click();
    await inscribe.getByRole('button', { name: 'Continue to payment' }).click();
    await inscribe.getByRole('region', { name: 'Payment review' }).waitFor();
    await inscribe.getByRole('button', { name: 'Sign and pay' }).click();
    await inscribe.getByText(/^Paid: the transfer inscription is on its way/).waitFor();
    await inscribe.getByRole('button', { name: 'Done' }).click();
    await mineUntil(async () => {
      const { transferables } = await apiGet<{ transferables: Transferable[] }>(
        app,
        `/api/brc20/balances/${user.ordinalsAddress}/transferable`,
      );
      expect(transferables.find((t) => t.state === 'confirmed')?.amount).toBe(
        `${SOLD}.${'0'.repeat(18)}`,
      );
    });

    await page.reload();
    // The radio is visually hidden in its card: the user clicks the card's amount.
    await page.getByText(`${SOLD} ${TICK}`, { exact: true }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: new RegExp(`^${SOLD} ${TICK}`) }).isChecked())
      .toBe(true);
    const id = await signSwap(page, 'sell');
    const placed = await order(id);
    const received = (await paidTo(app, placed.tx_id)).get(user.paymentAddress) ?? 0n;
    expect(received).toBe(sats(placed.receive_amount));
    expect(received).toBeGreaterThanOrEqual(sats(placed.min_receive));

    await mineUntil(async () => expect((await order(id)).state).toBe('completed'));
    await page.getByText('Swap completed.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'swap-sold');
    const balance = await balanceOf(user.ordinalsAddress);
    expect(tokens(balance?.overall ?? '0')).toBe(bought - SOLD * SCALE);
    const after = await pool();
    expect(tokens(after.tick2_volume) - tokens(before.tick2_volume)).toBe(SOLD * SCALE);
  }, 240_000);
});
