import fs from 'node:fs';
import path from 'node:path';
import {
  addressToScript,
  buildRevealTransaction,
  bytesToHex,
  compressedPublicKey,
  p2trAddress,
  p2wpkhAddress,
  privateKeyFromHex,
  privateKeyToHex,
  randomPrivateKey,
} from '@om/bitcoin';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { btcToSats } from '../apps/server/src/chain/rpc.ts';
import {
  DEV_WALLET_STORAGE_KEY,
  type DevPaymentType,
  type DevWalletRecord,
} from '../apps/web/src/features/wallet/dev-wallet-settings.ts';
import { ARTIFACTS_DIR, type RunningApp } from './harness.ts';

// What the trading stories share: wallets in their own browser contexts, the API and the node.

export const shortAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** '0.00100000 BTC', as the market panel and the reviews print a price. */
export function btcText(sats: bigint): string {
  const whole = sats / 100_000_000n;
  return `${whole}.${(sats % 100_000_000n).toString().padStart(8, '0')} BTC`;
}

/** '2,500 sats', as the reviews print an amount under its BTC value. */
export const satsText = (sats: bigint) => `${sats.toLocaleString('en-US')} sats`;

/** The platform's cut as ADR 007 defines it: floor(price × bps / 10,000). */
export const platformFee = (price: bigint, bps: number) => (price * BigInt(bps)) / 10_000n;

// ── The API ─────────────────────────────────────────────────────────────────────────────────

export class ApiFailure extends Error {
  constructor(
    readonly request: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${request} → ${status} ${body.slice(0, 500)}`);
  }
}

/** The payload of a successful JSON answer; anything else throws with the request and body. */
export async function apiCall<T>(
  app: RunningApp,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
): Promise<T> {
  const res = await fetch(`${app.baseUrl}${url}`, {
    method,
    ...(body
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new ApiFailure(`${method} ${url}`, res.status, text);
  return (JSON.parse(text) as { payload: T }).payload;
}

export const apiGet = <T>(app: RunningApp, url: string) => apiCall<T>(app, 'GET', url);

export type Details = {
  inscriptionId: string;
  number: number;
  satpoint: string;
  address: string | null;
  outputValue: string;
  isMoving: boolean;
  collectionSlug: string | null;
};
type Listing = {
  listingId: string;
  inscriptionId: string;
  price: string;
  status: string;
  outpoint: string;
  makerOrdinalAddress: string;
  makerPaymentAddress: string;
  makerFee: string;
};
export type Trade = {
  listingId: string;
  inscriptionId: string;
  price: string;
  state: 'initiated' | 'mempool' | 'confirmed' | 'canceled' | 'sniped';
  finalized: boolean;
  txId: string | null;
  makerOrdinalAddress: string;
  takerOrdinalAddress: string;
  sniperFeeRate: number | null;
  blockHeight: number | null;
};
export type Orderbook = { listing: Listing | null; orders: Listing[]; activity: Trade[] };

export const details = (app: RunningApp, id: string) =>
  apiGet<Details>(app, `/api/shared/inscriptions/details/${id}`);
export const orderbook = (app: RunningApp, id: string) =>
  apiGet<Orderbook>(app, `/api/inscriptions/${id}/orderbook`);
export const tradeHistory = async (app: RunningApp, listingIds: readonly string[]) =>
  (await apiGet<{ activity: Trade[] }>(app, `/api/trade-history?orderIds=${listingIds.join(',')}`))
    .activity;

type Health = {
  blockHeight: number;
  indexed: { inscriptions: number | null; brc20: number | null; runes: number | null };
};

/**
 * POST /api/dev/mine, then waits until the app's indexes (inscriptions, BRC-20, runes) hold the
 * new tip, as /api/health says: what a test looks at next is then the chain's state, however
 * slowly a loaded machine indexes.
 */
export async function mineBlocks(app: RunningApp, blocks: number): Promise<void> {
  await apiCall(app, 'POST', '/api/dev/mine', { blocks });
  await indexesAtTip(app);
}

/**
 * Waits until every index holds the node's tip: until then an output of the last block is not
 * vouched for (so not counted as cardinal), and reserves and balances read a step behind.
 */
export async function indexesAtTip(app: RunningApp): Promise<void> {
  const { blockHeight } = await apiGet<Health>(app, '/api/health');
  await eventually(async () => {
    const { indexed } = await apiGet<Health>(app, '/api/health');
    expect(Object.values(indexed).every((h) => h !== null && h >= blockHeight)).toBe(true);
  }, 60_000);
}

export const mineBlock = (app: RunningApp) => mineBlocks(app, 1);

export const faucet = (app: RunningApp, address: string, sats: bigint) =>
  apiCall<{ txid: string }>(app, 'POST', '/api/dev/faucet', {
    address,
    amountSats: sats.toString(),
  });

/** Polls until `check` stops throwing; its last error if it never does. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The inscription's details once the indexer has it at `address` in a settled output. */
export const settledAt = (app: RunningApp, id: string, address: string) =>
  eventually(async () => {
    const d = await details(app, id);
    expect(d.address).toBe(address);
    expect(d.isMoving).toBe(false);
    return d;
  });

// ── The node ────────────────────────────────────────────────────────────────────────────────

/** Sats each address receives from the transaction's outputs. */
export async function paidTo(app: RunningApp, txid: string): Promise<Map<string, bigint>> {
  const tx = await app.rpc.getRawTransactionVerbose(txid);
  const paid = new Map<string, bigint>();
  for (const out of tx.vout) {
    const address = out.scriptPubKey.address ?? out.scriptPubKey.hex;
    paid.set(address, (paid.get(address) ?? 0n) + btcToSats(out.value));
  }
  return paid;
}

/** The address's unspent outputs per the node's UTXO set (scantxoutset). */
export async function unspentOf(app: RunningApp, address: string) {
  const scan = await app.rpc.call<{
    unspents: { txid: string; vout: number; amount: number }[];
  }>('scantxoutset', ['start', [`addr(${address})`]]);
  return scan.unspents.map((u) => ({ ...u, sats: btcToSats(u.amount) }));
}

/** Where the server sends platform fees on regtest: the key it keeps in DATA_DIR (ADR 007). */
export function regtestPlatformFeeAddress(dataDir: string): string {
  const hex = fs.readFileSync(path.join(dataDir, 'secrets', 'platform-fee-key'), 'utf8').trim();
  return p2trAddress(compressedPublicKey(privateKeyFromHex(hex)), 'regtest');
}

/**
 * Spends a taproot output by key path, as a wallet moving its own inscription would, leaving
 * `fee` to the miner; sent straight to the node (full RBF replaces what it conflicts with).
 */
export async function spendTaprootOutput(
  app: RunningApp,
  privateKeyHex: string,
  outpoint: string,
  value: bigint,
  to: string,
  fee: bigint,
): Promise<{ txid: string; vsize: number }> {
  const key = privateKeyFromHex(privateKeyHex);
  const from = p2trAddress(compressedPublicKey(key), 'regtest');
  const [txid = '', vout = '0'] = outpoint.split(':');
  const tx = buildRevealTransaction({
    inputs: [
      {
        txid,
        vout: Number(vout),
        value,
        script: addressToScript(from, 'regtest') as Uint8Array,
        privateKey: key,
      },
    ],
    outputs: [{ address: to, value: value - fee }],
    network: 'regtest',
  });
  await app.rpc.sendRawTransaction(tx.hex);
  return { txid: tx.txid, vsize: tx.vsize };
}

// ── Wallets in the browser ──────────────────────────────────────────────────────────────────

export type DevKeys = Required<DevWalletRecord>;

export function newDevKeys(paymentType: DevPaymentType = 'p2wpkh'): DevKeys {
  return {
    paymentPrivateKey: privateKeyToHex(randomPrivateKey()),
    ordinalsPrivateKey: privateKeyToHex(randomPrivateKey()),
    paymentType,
  };
}

/** The addresses the Dev wallet derives from its record (dev-wallet-keys.ts). */
export function devAddresses(keys: DevKeys) {
  const payment = compressedPublicKey(privateKeyFromHex(keys.paymentPrivateKey));
  const ordinals = compressedPublicKey(privateKeyFromHex(keys.ordinalsPrivateKey));
  return {
    paymentAddress:
      keys.paymentType === 'p2tr'
        ? p2trAddress(payment, 'regtest')
        : p2wpkhAddress(payment, 'regtest'),
    ordinalsAddress: p2trAddress(ordinals, 'regtest'),
  };
}

export type Trader = {
  name: string;
  page: Page;
  paymentAddress: string;
  ordinalsAddress: string;
};

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Every toast title the page shows, in order: toasts last 3 s and only one is visible at a
  // time, so a story asks for the ones shown since it acted rather than looking for them.
  await context.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = shown;
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      document.querySelectorAll('[data-sonner-toast]').forEach((toast) => {
        const title = toast.querySelector('[data-title]')?.textContent;
        if (seen.has(toast) || !title) return;
        seen.add(toast);
        shown.push(title);
      });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/**
 * A browser context whose Dev wallet holds `keys` (written to its localStorage record before
 * connecting), connected and signed in.
 */
export async function connectDevWallet(
  browser: Browser,
  app: RunningApp,
  name: string,
  keys: DevKeys,
): Promise<Trader> {
  const page = await newPage(browser);
  await page.goto(`${app.baseUrl}/collections`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    DEV_WALLET_STORAGE_KEY,
    JSON.stringify(keys),
  ] as const);
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: 'Dev wallet' })
    .click();
  const { paymentAddress, ordinalsAddress } = devAddresses(keys);
  await page.getByRole('button', { name: shortAddress(paymentAddress) }).waitFor();
  return { name, page, paymentAddress, ordinalsAddress };
}

/** The Dev wallet's record as the page keeps it in localStorage. */
export async function readDevWalletRecord(page: Page): Promise<DevKeys> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), DEV_WALLET_STORAGE_KEY);
  if (!raw) throw new Error('the page has no Dev wallet record');
  return JSON.parse(raw) as DevKeys;
}

/** 'Get test coins' and 'Mine block' in the wallet panel; answers once 1 BTC is confirmed. */
export async function fundWithTestCoins(app: RunningApp, trader: Trader): Promise<void> {
  const { page } = trader;
  await page.getByRole('button', { name: shortAddress(trader.paymentAddress) }).click();
  const panel = page.getByRole('dialog', { name: 'Wallet' });
  await panel.getByRole('button', { name: 'Get test coins' }).click();
  await page
    .getByText(`Sent 1 BTC to ${shortAddress(trader.paymentAddress)}. Mine a block to confirm it.`)
    .waitFor();
  await panel.getByRole('button', { name: 'Mine block' }).click();
  await page
    .getByText(/^Mined block \d+$/)
    .first()
    .waitFor();
  await eventually(async () => {
    const balance = await apiGet<{ confirmed: string }>(
      app,
      `/api/shared/address/${trader.paymentAddress}/balance`,
    );
    expect(BigInt(balance.confirmed)).toBeGreaterThanOrEqual(100_000_000n);
  });
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
}

/** The Dev wallet's multisig wallet (U = its payment key), made by the server on first use. */
async function multisigWalletOf(app: RunningApp, trader: Trader): Promise<{ address: string }> {
  const { paymentPrivateKey } = await readDevWalletRecord(trader.page);
  return apiCall<{ address: string }>(app, 'POST', '/api/multisig/get-wallet', {
    userPublicKey: bytesToHex(compressedPublicKey(privateKeyFromHex(paymentPrivateKey))),
    userAddress: trader.paymentAddress,
  });
}

/**
 * Funds the multisig wallet on /wallet as a user would for padded purchases and bids: a deposit
 * of `btc` split into `outputs` coins, a block, `paddings` padding outputs, a block. Answers the
 * wallet's address once the server counts the paddings.
 */
export async function fundMultisigWallet(
  app: RunningApp,
  trader: Trader,
  funds: { btc: string; outputs: number; paddings: number },
): Promise<string> {
  const { page } = trader;
  if (new URL(page.url()).pathname !== '/wallet') await page.goto(`${app.baseUrl}/wallet`);
  const deposit = page.getByRole('region', { name: 'Deposit' });
  await deposit.getByLabel('Amount (BTC)').fill(funds.btc);
  await deposit.getByLabel('Number of outputs').fill(String(funds.outputs));
  await deposit.getByRole('button', { name: 'Review deposit' }).click();
  let toasts = await toastsFrom(page);
  await page
    .getByRole('dialog', { name: 'Review deposit' })
    .getByRole('button', { name: 'Sign and deposit' })
    .click();
  await toasts.next(/^Transaction broadcasted: /);
  await mineBlock(app);
  const padding = page.getByRole('region', { name: 'Set up padding' });
  await padding.getByLabel('Number of padding outputs').fill(String(funds.paddings));
  await padding.getByRole('button', { name: 'Review padding setup' }).click();
  toasts = await toastsFrom(page);
  await page
    .getByRole('dialog', { name: 'Review padding setup' })
    .getByRole('button', { name: 'Sign and set up' })
    .click();
  await toasts.next(/^Padding outputs set up: /);
  await mineBlock(app);
  const wallet = await multisigWalletOf(app, trader);
  await eventually(async () => {
    const coins = await apiCall<{ paddingCount: number }>(
      app,
      'GET',
      `/api/multisig/utxos/${wallet.address}`,
    );
    expect(coins.paddingCount).toBe(funds.paddings);
  });
  return wallet.address;
}

/** test-artifacts/trade-{name}.png; the viewport only when a dialog is what matters. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `trade-${name}.png`), fullPage });
}

const shownToasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

/**
 * Marks the toasts shown so far; `next(title)` then waits for a toast with that exact title (or
 * matching it) shown after the mark, and answers its title.
 */
export async function toastsFrom(page: Page) {
  const mark = (await shownToasts(page)).length;
  return {
    next: (title: string | RegExp) =>
      eventually(async () => {
        const shown = (await shownToasts(page)).slice(mark);
        const hit = shown.find((t) => (typeof title === 'string' ? t === title : title.test(t)));
        if (hit === undefined) {
          throw new Error(`no toast ${title} (shown since: ${JSON.stringify(shown)})`);
        }
        return hit;
      }),
  };
}

/** The value (dd) of a review row (dt) inside a review section. */
export const reviewValue = (section: Locator, term: string | RegExp) =>
  section
    .locator('dt')
    .filter({ hasText: typeof term === 'string' ? new RegExp(`^${term}$`) : term })
    .first()
    .locator('xpath=following-sibling::dd[1]');

/** The market section of /inscriptions/:id. */
export const marketPanel = (page: Page) => page.getByRole('region', { name: 'Market' });

export async function openInscription(page: Page, app: RunningApp, id: string): Promise<Locator> {
  await page.goto(`${app.baseUrl}/inscriptions/${id}`);
  const market = marketPanel(page);
  await market.waitFor();
  await expect.poll(async () => market.getByRole('status').count(), { timeout: 20_000 }).toBe(0);
  return market;
}

/** The txid a tracked transaction of an open dialog follows ('Purchase', 'Padding setup', …). */
export async function trackedTxid(dialog: Locator, label: string): Promise<string> {
  const id = dialog
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::*[@title][1]');
  const txid = await id.getAttribute('title');
  if (!txid || !/^[0-9a-f]{64}$/.test(txid)) throw new Error(`no txid tracked for ${label}`);
  return txid;
}
