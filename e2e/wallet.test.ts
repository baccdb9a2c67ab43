import fs from 'node:fs';
import path from 'node:path';
import { bytesToHex, randomPrivateKey } from '@om/bitcoin';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFakeUnisat } from './fake-unisat.ts';
import { ARTIFACTS_DIR, launchBrowser, startApp, storedToken, type RunningApp } from './harness.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

const shortAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

describe('a visitor with the Dev wallet', () => {
  it('connects, is signed in, gets test coins and sees them confirmed after a block', async () => {
    const page = await newPage();
    await page.goto(`${app.baseUrl}/`);
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain('/collections');

    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    const chooser = page.getByRole('dialog', { name: 'Connect a wallet' });
    for (const name of [
      'UniSat',
      'Xverse',
      'Magic Eden',
      'Leather',
      'Orange',
      'OKX',
      'OYL',
      'Phantom',
      'Wizz',
    ]) {
      await chooser.getByRole('button', { name, exact: true }).waitFor();
    }
    await chooser.getByRole('button', { name: 'Dev wallet' }).click();

    const walletButton = page.getByRole('button', { name: /^bcrt1q…/ });
    await walletButton.waitFor();
    const token = await page.evaluate(storedToken);
    expect(token).toMatch(/^eyJ/);

    await walletButton.click();
    const panel = page.getByRole('dialog', { name: 'Wallet' });
    const paymentAddress = (await panel
      .getByText(/^bcrt1q[0-9a-z]{38}$/)
      .first()
      .textContent())!.trim();
    expect(await walletButton.textContent()).toContain(shortAddress(paymentAddress));
    await panel
      .getByText(/^bcrt1p[0-9a-z]{58}$/)
      .first()
      .waitFor(); // the ordinals (taproot) address

    // The server agrees that this browser is signed in as that address.
    const me = await fetch(`${app.baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await me.json()).payload.address).toBe(paymentAddress);

    const balanceCard = panel.getByRole('region', { name: 'Balance' });
    const pending = panel.getByRole('region', { name: 'Pending transactions' });
    await balanceCard.getByText('0.00000000 BTC').waitFor();
    await panel.getByRole('button', { name: 'Get test coins' }).click();
    await page
      .getByText(`Sent 1 BTC to ${shortAddress(paymentAddress)}. Mine a block to confirm it.`)
      .waitFor();
    await balanceCard.getByText('1.00000000 BTC', { exact: true }).waitFor();
    // The faucet's payment waits for a block among the wallet's pending transactions.
    await pending.getByText('+1.00000000 BTC').waitFor();
    expect(await balance(paymentAddress)).toEqual({ confirmed: '0', unconfirmed: '100000000' });

    await panel.getByRole('button', { name: 'Mine block' }).click();
    await page.getByText(/^Mined block \d+$/).waitFor();
    await expect
      .poll(() => balance(paymentAddress))
      .toEqual({ confirmed: '100000000', unconfirmed: '0' });
    await balanceCard.getByText('1.00000000 BTC', { exact: true }).waitFor();
    await pending.getByText('None: everything is confirmed.').waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'dev-wallet-funded.png') });

    await panel.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('button', { name: 'Connect Wallet' }).waitFor();
    expect(await page.evaluate(storedToken)).toBeNull();
  });
});

describe('one sign-in for every tab (issue 21 item 24)', () => {
  it('a second tab is signed in at once, and Disconnect in the first signs it out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const first = await context.newPage();
    await first.goto(`${app.baseUrl}/collections`);
    await first.getByRole('button', { name: 'Connect Wallet' }).click();
    await first
      .getByRole('dialog', { name: 'Connect a wallet' })
      .getByRole('button', { name: 'Dev wallet' })
      .click();
    const firstWallet = first.getByRole('button', { name: /^bcrt1q…/ });
    await firstWallet.waitFor();
    const label = await firstWallet.textContent();

    // A new tab: signed in without asking the wallet; /inscriptions reads the wallet's holdings.
    const second = await context.newPage();
    await second.goto(`${app.baseUrl}/inscriptions`);
    await second.getByRole('button', { name: label ?? '' }).waitFor();
    await second.getByText('No inscriptions found').waitFor();
    expect(await second.getByRole('button', { name: 'Connect Wallet' }).count()).toBe(0);
    expect(await second.evaluate(storedToken)).toBe(await first.evaluate(storedToken));

    await firstWallet.click();
    await first
      .getByRole('dialog', { name: 'Wallet' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    // The other tab hears it without a reload.
    await second.getByRole('button', { name: 'Connect Wallet' }).waitFor();
    await second.getByText('Please connect your wallet', { exact: true }).waitFor();
    expect(await second.evaluate(storedToken)).toBeNull();
    await context.close();
  });
});

describe('a visitor with UniSat', () => {
  it('connects through LaserEyes, signs in with a BIP-322 signature and sees the faucet-funded balance', async () => {
    const page = await newPage();
    const unisat = await installFakeUnisat(page, bytesToHex(randomPrivateKey()));
    const lasereyesLoads: string[] = [];
    page.on('request', (r) => {
      if (/lasereyes/i.test(r.url())) lasereyesLoads.push(r.url());
    });
    await page.goto(`${app.baseUrl}/collections`);
    expect(lasereyesLoads).toEqual([]); // LaserEyes is not part of the page until a wallet is chosen

    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await page
      .getByRole('dialog', { name: 'Connect a wallet' })
      .getByRole('button', { name: 'UniSat', exact: true })
      .click();
    const walletButton = page.getByRole('button', { name: shortAddress(unisat.address) });
    await walletButton.waitFor();
    expect(lasereyesLoads.length).toBeGreaterThan(0);
    expect(unisat.calls).toContain('requestAccounts');
    expect(unisat.calls).toContain('signMessage:bip322-simple');

    const res = await fetch(`${app.baseUrl}/api/dev/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: unisat.address, amountSats: '25000000' }),
    });
    expect(res.status).toBe(200);
    await walletButton.click();
    const panel = page.getByRole('dialog', { name: 'Wallet' });
    await panel.getByText(unisat.address, { exact: true }).first().waitFor();
    await panel
      .getByRole('region', { name: 'Balance' })
      .getByText('0.25000000 BTC', { exact: true })
      .waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'unisat-connected.png') });
  });
});

async function balance(address: string) {
  const res = await fetch(`${app.baseUrl}/api/shared/address/${address}/balance`);
  return (await res.json()).payload as { confirmed: string; unconfirmed: string };
}
