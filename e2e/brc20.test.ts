import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import { inscribeOnNode } from './inscribe.ts';
import {
  apiGet,
  connectDevWallet,
  eventually,
  fundWithTestCoins,
  mineBlock,
  newDevKeys,
  screenshot,
  toastsFrom,
  type Trader,
} from './trade-helpers.ts';

// ADR 015 "End to end" in Chromium against the product on its own regtest node: the utility
// token is deployed on chain; a Dev wallet mints it from /brc20/omkt through our inscription
// service (price, payment reviewed and signed, blocks mined) and sees 'Successfully minted …'
// and the balance on /profile; it inscribes a transfer, sends it to a second Dev wallet, and
// both balances move.

const TICK = 'omkt';
const DEPLOY = { p: 'brc-20', op: 'deploy', tick: TICK, max: '21000000', lim: '1000', dec: '18' };
const PER_MINT = 1000;
const MINTS = 2;
const SENT = 500;
const FEE_RATE = '2';

type Balance = { tick: string; overall: string; available: string; transferable: string };
type Transferable = { inscriptionId: string; amount: string; state: string };

let app: RunningApp;
let browser: Browser;
let minter: Trader;
let receiver: Trader;

/** An 18-decimal amount as the API prints it. */
const wire = (tokens: number) => `${tokens}.${'0'.repeat(18)}`;

const balanceOf = async (address: string): Promise<Balance | undefined> => {
  const { balances } = await apiGet<{ balances: Balance[] }>(app, `/api/brc20/balances/${address}`);
  return balances.find((b) => b.tick === TICK);
};

/** Mines a block every 2 s until `check` holds (the service's commit and reveal each need one). */
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

const tokensRow = (page: Page) =>
  page.getByRole('table', { name: 'Token balances' }).getByRole('row', { name: TICK });

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  [app, browser] = await Promise.all([startApp({ SEED_DEMO: 'false' }), launchBrowser()]);
  [minter, receiver] = await Promise.all([
    connectDevWallet(browser, app, 'minter', newDevKeys('p2wpkh')),
    connectDevWallet(browser, app, 'receiver', newDevKeys('p2wpkh')),
  ]);
  await inscribeOnNode(
    app.rpc,
    receiver.ordinalsAddress,
    'text/plain;charset=utf-8',
    JSON.stringify(DEPLOY),
  );
  // The minter's 'Mine block' also confirms the deploy.
  await fundWithTestCoins(app, minter);
  await eventually(async () => {
    const { token } = await apiGet<{ token: { tick: string } }>(app, `/api/brc20/tokens/${TICK}`);
    expect(token.tick).toBe(TICK);
  }, 30_000);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('BRC-20 in the browser', () => {
  it(`mints ${MINTS} × ${PER_MINT} ${TICK} from its page and sees the toast and the balance`, async () => {
    const { page } = minter;
    await page.goto(`${app.baseUrl}/brc20/${TICK}`);
    await page.getByRole('button', { name: 'Mint', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Mint ${TICK}` });
    await dialog.getByLabel('Amount per mint').fill(String(PER_MINT));
    await dialog.getByLabel('Number of mints').fill(String(MINTS));
    await dialog.getByLabel('Fee rate (sat/vB)').fill(FEE_RATE);
    await dialog.getByRole('button', { name: 'Get price' }).click();
    await dialog.getByRole('region', { name: 'Order price' }).waitFor();
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await dialog.getByRole('region', { name: 'Payment review' }).waitFor();
    await screenshot(page, 'brc20-mint-review', false);
    const toasts = await toastsFrom(page);
    await dialog.getByRole('button', { name: 'Sign and pay' }).click();
    await dialog.getByText(/^Paid: your mints are being inscribed/).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The payment, then the service's commit and reveals: a block each, until the index agrees.
    await mineUntil(async () => {
      expect((await balanceOf(minter.ordinalsAddress))?.available).toBe(wire(PER_MINT * MINTS));
    });
    await toasts.next(/^Successfully minted 2,?000 omkt$/);

    await page.goto(`${app.baseUrl}/profile?tab=tokens`);
    await expect.poll(() => tokensRow(page).textContent()).toContain('2,000');
    await screenshot(page, 'brc20-minted');
  }, 240_000);

  it(`inscribes a transfer of ${SENT} ${TICK}, sends it to a second wallet, and both balances move`, async () => {
    const { page } = minter;
    await page.goto(`${app.baseUrl}/profile?tab=tokens`);
    await tokensRow(page).getByRole('button', { name: 'Inscribe transfer' }).click();
    const inscribe = page.getByRole('dialog', { name: `Inscribe ${TICK} transfer` });
    await inscribe.getByLabel('Amount').fill(String(SENT));
    await inscribe.getByLabel('Fee rate (sat/vB)').fill(FEE_RATE);
    await inscribe.getByRole('button', { name: 'Get price' }).click();
    await inscribe.getByRole('button', { name: 'Continue to payment' }).click();
    await inscribe.getByRole('region', { name: 'Payment review' }).waitFor();
    await inscribe.getByRole('button', { name: 'Sign and pay' }).click();
    await inscribe.getByText(/^Paid: the transfer inscription is on its way/).waitFor();
    await inscribe.getByRole('button', { name: 'Done' }).click();

    const transfer = await mineUntil(async () => {
      const { transferables } = await apiGet<{ transferables: Transferable[] }>(
        app,
        `/api/brc20/balances/${minter.ordinalsAddress}/transferable`,
      );
      const ready = transferables.find((t) => t.state === 'confirmed');
      expect(ready?.amount).toBe(wire(SENT));
      return ready as Transferable;
    });
    expect(await balanceOf(minter.ordinalsAddress)).toMatchObject({
      available: wire(PER_MINT * MINTS - SENT),
      transferable: wire(SENT),
    });

    await page.reload();
    const row = page
      .getByRole('table', { name: 'Transfer inscriptions' })
      .getByRole('row', { name: transfer.inscriptionId });
    await row.getByText('Ready to send').waitFor();
    await row.getByRole('button', { name: 'Send' }).click();
    const send = page.getByRole('dialog', { name: `Send 500 ${TICK}` });
    await send.getByLabel('Recipient address').fill(receiver.ordinalsAddress);
    await send.getByLabel('Fee rate (sat/vB)').fill(FEE_RATE);
    await send.getByRole('button', { name: 'Review transfer' }).click();
    await send.getByRole('region', { name: 'Transfer review' }).waitFor();
    await screenshot(page, 'brc20-send-review', false);
    const toasts = await toastsFrom(page);
    await send.getByRole('button', { name: 'Sign and send' }).click();
    await toasts.next(/^Transaction broadcasted: /);
    await mineBlock(app);

    await eventually(async () => {
      expect(await balanceOf(receiver.ordinalsAddress)).toMatchObject({
        overall: wire(SENT),
        available: wire(SENT),
      });
      expect(await balanceOf(minter.ordinalsAddress)).toMatchObject({
        overall: wire(PER_MINT * MINTS - SENT),
        transferable: wire(0),
      });
    }, 30_000);
    await receiver.page.goto(`${app.baseUrl}/profile?tab=tokens`);
    await expect.poll(() => tokensRow(receiver.page).textContent()).toContain('500');
    await page.reload();
    await expect.poll(() => tokensRow(page).textContent()).toContain('1,500');
    await screenshot(receiver.page, 'brc20-received');
  }, 240_000);
});
