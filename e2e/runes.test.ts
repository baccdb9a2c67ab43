import fs from 'node:fs';
import { bytesToHex } from '@om/bitcoin';
import type { RuneBalance } from '@om/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwners, type DemoOwner } from '../apps/server/src/features/demo/demo-owners.ts';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import {
  apiGet,
  connectDevWallet,
  devAddresses,
  eventually,
  faucet,
  mineBlock,
  newDevKeys,
  newPage,
  reviewValue,
  screenshot,
  toastsFrom,
  type Trader,
} from './trade-helpers.ts';

// Issue 20's runes in Chromium against the product on its own regtest node, with the demo's
// rune (docs/product.md#runes): a visitor reads REGTEST•ROCKS•RUNE's page; erin, who etched it,
// connects the Dev wallet with her demo key, sends 10.5 of it from /profile's Runes tab to a fresh
// address, a block is mined, and the index, the API and the recipient's /address page agree;
// sending more than she holds is refused by the form before the server is asked.

/** The demo's rune (demo-runes.ts). */
const DEMO_RUNE = 'REGTEST•ROCKS•RUNE';
const SYMBOL = '◈';
/** Base units (divisibility 2): 500,000.00 premined − 12,345.67 sent to dave − 20,000.00 to the rewards wallet. */
const ERIN_BEFORE = 46_765_433n;
const DAVE = 1_234_567n;
const SENT = 1_050n;
const ERIN_AFTER = ERIN_BEFORE - SENT;
const PREPARE = '/api/runes/send/prepare';

let app: RunningApp;
let browser: Browser;
let visitor: Page;
let erin: Trader;
const recipient = devAddresses(newDevKeys()).ordinalsAddress;

const owner = (name: string): DemoOwner => {
  const found = demoOwners().find((o) => o.name === name);
  if (!found) throw new Error(`no demo owner ${name}`);
  return found;
};

/** The API's balance of the demo rune at `address`, in base units (0 when it holds none). */
async function runeBalance(address: string): Promise<bigint> {
  const { balances } = await apiGet<{ balances: RuneBalance[] }>(
    app,
    `/api/runes/balances/${address}`,
  );
  return BigInt(balances.find((b) => b.name === DEMO_RUNE)?.amount ?? '0');
}

const runeRow = (page: Page) =>
  page.getByRole('table', { name: 'Rune balances' }).getByRole('row', { name: DEMO_RUNE });
/** A balance row's cells: rune, balance, outputs (and Send on the wallet's own tab). */
const cellText = (row: Locator, index: number) => row.getByRole('cell').nth(index).textContent();

async function openRunesTab(page: Page): Promise<Locator> {
  await page.goto(`${app.baseUrl}/profile?tab=runes`);
  await page.getByRole('tab', { name: 'Runes', selected: true }).waitFor();
  return runeRow(page);
}

async function openSendDialog(page: Page): Promise<Locator> {
  await (await openRunesTab(page)).getByRole('button', { name: 'Send' }).click();
  return page.getByRole('dialog', { name: `Send ${DEMO_RUNE}` });
}

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  [app, browser] = await Promise.all([
    startApp({ SEED_DEMO: 'true', LOG_LEVEL: 'info' }),
    launchBrowser(),
  ]);
  // The demo etches, mints and sends its rune in the background, then goes on with erin's auction
  // and launches (spending her payment coins): the story starts once the whole seed is done, so
  // the demo spends none of the coins erin's send is built from.
  const seeded = await app.waitForLog(/"msg":"demo market( launches: \w+|: seed failed)/, 300_000);
  expect(seeded, 'the demo market seed').not.toContain('seed failed');
  await eventually(async () => {
    expect(await runeBalance(owner('dave').address)).toBe(DAVE);
    expect(await runeBalance(owner('erin').address)).toBe(ERIN_BEFORE);
  }, 60_000);
  // Coins for the send's fee on erin's native segwit address, confirmed.
  await faucet(app, owner('erin').paymentAddress, 10_000_000n);
  await mineBlock(app);
  visitor = await newPage(browser);
  const key = bytesToHex(owner('erin').privateKey);
  erin = await connectDevWallet(browser, app, 'erin', {
    paymentPrivateKey: key,
    ordinalsPrivateKey: key,
    paymentType: 'p2wpkh',
  });
  expect(erin.ordinalsAddress).toBe(owner('erin').address);
  expect(erin.paymentAddress).toBe(owner('erin').paymentAddress);
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('runes in the browser', () => {
  it(`a visitor reads ${DEMO_RUNE}'s page: symbol, premine, mints and holders`, async () => {
    await visitor.goto(`${app.baseUrl}/runes/${encodeURIComponent(DEMO_RUNE)}`);
    await visitor.getByRole('heading', { level: 1, name: DEMO_RUNE }).waitFor();
    const about = visitor.getByRole('region', { name: 'About the rune' });
    const facts = {
      Symbol: SYMBOL,
      Divisibility: '2',
      // The demo's premine and four mints of 1,000.00, printed as ord prints a Pile.
      Premine: '500,000',
      Mints: '4',
      Supply: '504,000',
      Burned: '0',
      // erin, alice, bob, carol and dave.
      Holders: '6',
      Turbo: 'Yes',
    };
    for (const [term, value] of Object.entries(facts)) {
      expect(await reviewValue(about, term).textContent(), term).toBe(value);
    }
    const mint = visitor.getByRole('region', { name: 'Open mint' });
    expect(await reviewValue(mint, 'Amount per mint').textContent()).toBe('1,000');
    expect(await reviewValue(mint, 'Mint cap').textContent()).toBe('100');
  }, 60_000);

  it('erin sends 10.5 to a fresh address, a block is mined, and every view agrees', async () => {
    const { page } = erin;
    const row = await openRunesTab(page);
    await expect.poll(() => cellText(row, 0)).toBe(`${SYMBOL} ${DEMO_RUNE}`);
    expect(await cellText(row, 1)).toBe('467,654.33');

    await row.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: `Send ${DEMO_RUNE}` });
    await dialog.getByText(`Balance: ${SYMBOL} 467,654.33 ${DEMO_RUNE}`).waitFor();
    await dialog.getByLabel('Recipient address').fill(recipient);
    await dialog.getByLabel(`Amount (${DEMO_RUNE})`).fill('10.5');
    await dialog.getByRole('button', { name: 'Review transfer' }).click();
    const review = dialog.getByRole('region', { name: 'Transfer review' });
    await review.waitFor();
    expect(await reviewValue(review, 'Runes').textContent()).toBe(`${SYMBOL} 10.5 ${DEMO_RUNE}`);
    expect(await reviewValue(review, 'Recipient').textContent()).toBe(recipient);
    expect(await reviewValue(review, 'Runes left with you').textContent()).toBe(
      `${SYMBOL} 467,643.83 ${DEMO_RUNE}`,
    );
    expect(await review.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'runes-send-review', false);

    const toasts = await toastsFrom(page);
    await dialog.getByRole('button', { name: 'Sign and send' }).click();
    const title = await toasts.next(/^Transaction broadcasted: [0-9a-f]{64}$/);
    const txid = title.slice('Transaction broadcasted: '.length);
    expect(await dialog.getByRole('status').textContent()).toBe(
      'Sent: the runes reach the recipient when the transaction confirms.',
    );
    expect((await app.rpc.getRawMempool()).includes(txid)).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await mineBlock(app);
    expect(await runeBalance(recipient)).toBe(SENT);
    expect(await runeBalance(erin.ordinalsAddress)).toBe(ERIN_AFTER);
    expect((await app.rpc.getRawMempool()).includes(txid)).toBe(false);

    await visitor.goto(`${app.baseUrl}/address/${recipient}?tab=runes`);
    const received = runeRow(visitor);
    await expect.poll(() => cellText(received, 1)).toBe('10.5');
    expect(await cellText(received, 2)).toBe('1');
    expect(await received.getByRole('button', { name: 'Send' }).count()).toBe(0);
    await visitor.goto(`${app.baseUrl}/runes/${encodeURIComponent(DEMO_RUNE)}`);
    const about = visitor.getByRole('region', { name: 'About the rune' });
    await expect.poll(() => reviewValue(about, 'Holders').textContent()).toBe('7');
  }, 180_000);

  it('refuses to send more than erin holds, with the form’s message, asking the server nothing', async () => {
    const { page } = erin;
    const prepares: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(PREPARE)) prepares.push(request.url());
    });
    const dialog = await openSendDialog(page);
    await dialog.getByText(`Balance: ${SYMBOL} 467,643.83 ${DEMO_RUNE}`).waitFor();
    await dialog.getByLabel('Recipient address').fill(recipient);
    await dialog.getByLabel(`Amount (${DEMO_RUNE})`).fill('467643.84');
    await dialog.getByRole('button', { name: 'Review transfer' }).click();
    await dialog.getByText('At most 467,643.83 (your balance).', { exact: true }).waitFor();
    expect(await dialog.getByLabel(`Amount (${DEMO_RUNE})`).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await dialog.getByRole('region', { name: 'Transfer review' }).count()).toBe(0);
    expect(prepares).toEqual([]);
    expect(await runeBalance(erin.ordinalsAddress)).toBe(ERIN_AFTER);
    await screenshot(page, 'runes-send');
  }, 60_000);
});
