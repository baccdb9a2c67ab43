import fs from 'node:fs';
import { bytesToHex, compressedPublicKey, privateKeyFromHex } from '@om/bitcoin';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import {
  apiCall,
  connectDevWallet,
  eventually,
  faucet,
  mineBlock,
  mineBlocks,
  newDevKeys,
  paidTo,
  screenshot,
  type DevKeys,
  type Trader,
} from './trade-helpers.ts';

// ADR 009's wallet stories in Chromium against the product on its own regtest node: a Dev wallet
// user funds their multisig wallet from the /wallet page, splits padding outputs out of it and
// withdraws, each transaction reviewed, signed by the Dev wallet, co-signed by the platform and
// accepted by Bitcoin Core.

type Utxos = { availableBalance: string; paddingCount: number; utxos: { value: string }[] };

let app: RunningApp;
let browser: Browser;
let user: Trader;
let keys: DevKeys;
let multisigAddress: string;

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  [app, browser] = await Promise.all([startApp({ SEED_DEMO: 'false' }), launchBrowser()]);
  keys = newDevKeys('p2wpkh');
  user = await connectDevWallet(browser, app, 'M', keys);
  await faucet(app, user.paymentAddress, 10_000_000n);
  await mineBlock(app);
  const paymentKey = bytesToHex(compressedPublicKey(privateKeyFromHex(keys.paymentPrivateKey)));
  const wallet = await apiCall<{ address: string }>(app, 'POST', '/api/multisig/get-wallet', {
    userPublicKey: paymentKey,
    userAddress: user.paymentAddress,
  });
  multisigAddress = wallet.address;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const utxos = () => apiCall<Utxos>(app, 'GET', `/api/multisig/utxos/${multisigAddress}`);

/** Fills a card's form, reviews the PSBT and signs it; answers once the success toast shows. */
async function reviewAndSign(
  page: Page,
  card: string,
  fields: Record<string, string>,
  buttons: { review: string; dialog: string; sign: string },
  toast: RegExp | string,
): Promise<void> {
  const section = page.getByRole('region', { name: card });
  for (const [label, value] of Object.entries(fields)) {
    await section.getByLabel(label).fill(value);
  }
  await section.getByRole('button', { name: buttons.review }).click();
  const dialog = page.getByRole('dialog', { name: buttons.dialog });
  await dialog.getByRole('button', { name: buttons.sign }).click();
  await page.getByText(toast).first().waitFor({ timeout: 30_000 });
}

describe('the multisig wallet page', () => {
  it('deposits, sets up padding and withdraws, every step co-signed and confirmed', async () => {
    const { page } = user;
    await page.goto(`${app.baseUrl}/wallet`);
    await page.getByRole('heading', { name: 'Multisig wallet' }).first().waitFor();
    await page.getByText(multisigAddress).first().waitFor();

    // A deposit of 0.0008 BTC split into the default 8 coins of 10,000 sats.
    await reviewAndSign(
      page,
      'Deposit',
      { 'Amount (BTC)': '0.0008' },
      { review: 'Review deposit', dialog: 'Review deposit', sign: 'Sign and deposit' },
      /^Transaction broadcasted: [0-9a-f]{64}$/,
    );
    await mineBlock(app);
    const funded = await eventually(async () => {
      const now = await utxos();
      expect(now.availableBalance).toBe('80000');
      return now;
    });
    expect(funded.utxos.map((u) => u.value)).toEqual(Array.from({ length: 8 }, () => '10000'));

    // Three padding outputs of 1,000 sats out of those coins.
    await reviewAndSign(
      page,
      'Set up padding',
      { 'Number of padding outputs': '3' },
      { review: 'Review padding setup', dialog: 'Review padding setup', sign: 'Sign and set up' },
      /^Padding outputs set up: [0-9a-f]{64}$/,
    );
    await mineBlock(app);
    await eventually(async () => expect((await utxos()).paddingCount).toBe(3));
    await page.reload();
    const summary = page.getByRole('region', { name: 'Multisig wallet' });
    await eventually(async () => {
      expect(await summary.getByText('Padding outputs').locator('..').textContent()).toContain('3');
    });

    // More than the balance is refused in the form, word for word.
    const withdraw = page.getByRole('region', { name: 'Withdraw BTC' });
    await withdraw.getByLabel('Amount (BTC)').fill('1');
    await withdraw.getByRole('button', { name: 'Review withdrawal' }).click();
    await withdraw.getByText('Withdrawal amount exceeds available balance').waitFor();

    // 0.0003 BTC back to the payment address.
    const before = await utxos();
    await reviewAndSign(
      page,
      'Withdraw BTC',
      { 'Recipient address': user.paymentAddress, 'Amount (BTC)': '0.0003' },
      { review: 'Review withdrawal', dialog: 'Review withdrawal', sign: 'Sign and withdraw' },
      'Withdrawal successfully initiated',
    );
    await mineBlock(app);
    const history = await eventually(async () => {
      const txs = await apiCall<{ txid: string; amount: string; confirmations: number }[]>(
        app,
        'GET',
        `/api/multisig/transactions/${multisigAddress}`,
      );
      expect(txs[0]?.confirmations).toBe(1);
      return txs;
    });
    const withdrawal = history[0];
    if (!withdrawal) throw new Error('no withdrawal in the history');
    expect((await paidTo(app, withdrawal.txid)).get(user.paymentAddress)).toBe(30_000n);
    const after = await utxos();
    expect(BigInt(before.availableBalance) - BigInt(after.availableBalance)).toBe(
      -BigInt(withdrawal.amount),
    );
    await screenshot(page, 'multisig-wallet');
  }, 180_000);

  it('recovers the wallet without the platform once its coins are 144 blocks deep', async () => {
    const { page } = user;
    const before = await utxos();
    await mineBlocks(app, 144);
    await page.goto(`${app.baseUrl}/wallet/recovery`);
    const section = page.getByRole('region', { name: 'Recover the multisig wallet' });
    await section.getByLabel('Send everything to').fill(user.paymentAddress);
    await section.getByRole('button', { name: 'Build the recovery transaction' }).click();
    await section.getByRole('button', { name: 'Sign with your wallet' }).click();
    const hex = await section.getByLabel(/^Signed transaction \(raw hex/).inputValue();
    expect(hex).toMatch(/^[0-9a-f]+$/);
    await section.getByRole('button', { name: 'Broadcast it through this site' }).click();
    await section.getByText('Recovery').first().waitFor();
    await mineBlock(app);
    await eventually(async () => expect((await utxos()).utxos).toEqual([]));

    // The witness of every input: an empty platform signature, the user's, the script.
    const decoded = await app.rpc.call<{
      txid: string;
      vin: { txinwitness: string[]; sequence: number }[];
    }>('decoderawtransaction', [hex]);
    for (const input of decoded.vin) {
      expect(input.txinwitness[0]).toBe('');
      expect(input.sequence).toBe(144);
    }
    const paid = (await paidTo(app, decoded.txid)).get(user.paymentAddress) ?? 0n;
    expect(paid).toBeGreaterThan(BigInt(before.availableBalance) - 5_000n);
    expect(paid).toBeLessThan(BigInt(before.availableBalance));
    await screenshot(page, 'multisig-recovery');
  }, 120_000);
});
