import fs from 'node:fs';
import path from 'node:path';
import {
  addressToScript,
  buildPurchasePsbt,
  bytesToHex,
  compressedPublicKey,
  hexToBytes,
  p2wpkhAddress,
  p2wshScript,
  parsePsbt,
  randomPrivateKey,
  signPsbtWithKey,
} from '@om/bitcoin';
import { btcToSats } from '../apps/server/src/chain/rpc.ts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFakeUnisat } from './fake-unisat.ts';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import { inscribeOnNode } from './inscribe.ts';
import {
  apiGet,
  btcText,
  connectDevWallet,
  details,
  devAddresses,
  eventually,
  faucet,
  fundMultisigWallet,
  fundWithTestCoins,
  marketPanel,
  mineBlock,
  newPage,
  newDevKeys,
  openInscription,
  orderbook,
  paidTo,
  platformFee,
  readDevWalletRecord,
  regtestPlatformFeeAddress,
  reviewValue,
  satsText,
  screenshot,
  settledAt,
  shortAddress,
  spendTaprootOutput,
  toastsFrom,
  trackedTxid,
  tradeHistory,
  unspentOf,
  type Trader,
} from './trade-helpers.ts';

// ADR 007's trading stories in Chromium against the product on its own regtest node: one app
// (with the demo market, for the collection pages) and one browser context per wallet.

/** Not the default (100): the fee the stories check is the one the server was told. */
const FEE_BPS = 250;
/** Each story's inscription is inscribed in one block up front. */
const STORIES = [
  'sale',
  'unisat',
  'offchain',
  'onchain',
  'relist',
  'snipe',
  'protected',
  'parked',
  'multisig',
] as const;

let app: RunningApp;
let browser: Browser;
let feeAddress: string;
let seller: Trader; // Dev wallet A: P2WPKH payment, taproot ordinals
let buyer: Trader; // Dev wallet B: P2WPKH payment, funded from the wallet panel
let taprootBuyer: Trader; // Dev wallet C: P2TR payment
let unisatSeller: Trader; // fake UniSat: one P2WPKH address for both
let unisatCalls: string[];
const ids = {} as Record<(typeof STORIES)[number], string>;

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  [app, browser] = await Promise.all([
    startApp({ SEED_DEMO: 'true', LOG_LEVEL: 'info', PLATFORM_FEE_BPS: String(FEE_BPS) }),
    launchBrowser(),
  ]);
  // The demo market seeds in the background (mining, trading): the stories wait for it.
  const seeded = await app.waitForLog(/"msg":"demo market( launches: \w+|: seed failed)/, 180_000);
  expect(seeded, 'the demo market seed').toContain('demo market launches: launched');
  const unisatKey = bytesToHex(randomPrivateKey());
  [seller, buyer, taprootBuyer, unisatSeller] = await Promise.all([
    connectDevWallet(browser, app, 'A', newDevKeys('p2wpkh')),
    connectDevWallet(browser, app, 'B', newDevKeys('p2wpkh')),
    connectDevWallet(browser, app, 'C', newDevKeys('p2tr')),
    connectUnisat(unisatKey),
  ]);
  feeAddress = regtestPlatformFeeAddress(app.dataDir);

  for (const story of STORIES) {
    const owner = story === 'unisat' ? unisatSeller : seller;
    ids[story] = await inscribeOnNode(
      app.rpc,
      owner.ordinalsAddress,
      'text/plain;charset=utf-8',
      `trade story: ${story}`,
    );
  }
  // The seller pays the on-chain delisting's fee; C pays its purchase (no padding either).
  await faucet(app, seller.paymentAddress, 10_000_000n);
  await faucet(app, taprootBuyer.paymentAddress, 50_000_000n);
  await mineBlock(app);
  for (const story of STORIES) {
    const owner = story === 'unisat' ? unisatSeller : seller;
    await settledAt(app, ids[story], owner.ordinalsAddress);
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function connectUnisat(privateKeyHex: string): Promise<Trader> {
  const page = await newPage(browser);
  const unisat = await installFakeUnisat(page, privateKeyHex);
  expect(unisat.address).toMatch(/^bcrt1q/); // one P2WPKH address pays and holds inscriptions
  await page.goto(`${app.baseUrl}/collections`);
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: 'UniSat', exact: true })
    .click();
  await page.getByRole('button', { name: shortAddress(unisat.address) }).waitFor();
  unisatCalls = unisat.calls;
  return {
    name: 'UniSat',
    page,
    paymentAddress: unisat.address,
    ordinalsAddress: unisat.address,
  };
}

/** '0.001' for 100,000 sats: what a seller types. */
function priceInput(sats: bigint): string {
  return btcText(sats)
    .replace(' BTC', '')
    .replace(/\.?0+$/, '');
}

const activityRows = (page: Page, status: string) =>
  page
    .getByRole('table', { name: 'Trades of this inscription' })
    .locator(`[data-testid="activity-row"][data-status="${status}"]`);

/**
 * The owner lists from /inscriptions/:id: List, a price, Continue, the review (platform fee and
 * payout read from the PSBT), Sign and list. Answers the listing id from the order book.
 */
async function listFromInscriptionPage(
  owner: Trader,
  id: string,
  price: bigint,
  { protect = false }: { protect?: boolean } = {},
) {
  const { page } = owner;
  const d = await details(app, id);
  const postage = BigInt(d.outputValue);
  const fee = platformFee(price, FEE_BPS);
  const market = await openInscription(page, app, id);
  await market.getByRole('button', { name: 'List', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `List Inscription #${d.number}` });
  await dialog.getByLabel('Price (BTC)').fill(priceInput(price));
  await setSnipeProtection(dialog, protect);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  // Protected (ADR 009): the inscription first moves into the maker wallet, reviewed and signed.
  if (protect) {
    await dialog.getByRole('button', { name: 'Sign and move', exact: true }).click();
    // The listing needs the move confirmed: the indexer places inscriptions by blocks.
    await dialog
      .getByText(/^Moved to your maker wallet in transaction/)
      .waitFor({ timeout: 30_000 });
    await mineBlock(app);
    await eventually(async () => expect((await details(app, id)).isMoving).toBe(false));
    await dialog.getByRole('button', { name: 'Continue to listing', exact: true }).click();
  }
  const review = dialog.getByRole('region', { name: 'Listing review' });
  await expect.poll(() => reviewValue(review, 'Price').textContent()).toContain(btcText(price));
  expect(await reviewValue(review, 'Platform fee').textContent()).toContain(satsText(fee));
  expect(await reviewValue(review, 'You receive').textContent()).toContain(
    satsText(price - fee + postage),
  );
  const toasts = await toastsFrom(page);
  await dialog.getByRole('button', { name: 'Sign and list', exact: true }).click();
  await toasts.next('Inscription(s) listed successfully');
  await dialog.waitFor({ state: 'hidden' });
  await market.getByText(btcText(price), { exact: true }).waitFor();
  const { listing } = await orderbook(app, id);
  expect(listing).toMatchObject({
    status: 'active',
    price: price.toString(),
    makerFee: fee.toString(),
    makerPaymentAddress: owner.paymentAddress,
    isSnipeProtected: protect,
  });
  if (!protect) {
    expect(listing).toMatchObject({
      outpoint: d.satpoint.split(':').slice(0, 2).join(':'),
      makerOrdinalAddress: owner.ordinalsAddress,
    });
  }
  return { listingId: listing!.listingId, outpoint: listing!.outpoint, postage, fee };
}

/** The list dialog offers snipe protection by default to wallets that can sign for it. */
async function setSnipeProtection(dialog: Locator, protect: boolean) {
  const box = dialog.getByRole('checkbox', { name: 'Snipe protection' });
  if (!(await box.isEnabled())) {
    expect(protect, 'snipe protection is offered').toBe(false);
    return;
  }
  await box.setChecked(protect);
}

/**
 * The buyer opens the Buy dialog on /inscriptions/:id, checks the review (price, fees, total, and
 * the padding setup note when the wallet has none), signs, and answers the broadcast txids.
 */
async function buyFromInscriptionPage(
  buyerOf: Trader,
  id: string,
  price: bigint,
  { expectSetup }: { expectSetup?: boolean } = {},
) {
  const { page } = buyerOf;
  const market = await openInscription(page, app, id);
  await market.getByText(btcText(price), { exact: true }).waitFor();
  await market.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Buy / });
  const review = dialog.getByRole('region', { name: 'Purchase review' });
  await review.waitFor({ timeout: 30_000 });
  const fee = platformFee(price, FEE_BPS);
  expect(await reviewValue(review, 'Price').textContent()).toContain(btcText(price));
  expect(await reviewValue(review, 'Platform fee').textContent()).toContain(satsText(fee));
  const networkFee = await reviewValue(review, /^Network fee/).textContent();
  expect(networkFee).toMatch(/[1-9][\d,]* sats/);
  const total = await reviewValue(review, 'Total').textContent();
  expect(total).toMatch(/BTC/);
  const setupNote = review.getByText(/Your wallet has no padding outputs yet/);
  if (expectSetup !== undefined) expect(await setupNote.count()).toBe(expectSetup ? 1 : 0);
  await screenshot(page, `buy-review-${id.slice(0, 8)}`, false);
  const toasts = await toastsFrom(page);
  await dialog.getByRole('button', { name: 'Sign and buy', exact: true }).click();
  await dialog.getByText(/^Your purchase is broadcast\./).waitFor({ timeout: 30_000 });
  const txid = await trackedTxid(dialog, 'Purchase');
  const setupTxid = expectSetup ? await trackedTxid(dialog, 'Padding setup') : null;
  await toasts.next(`Transaction broadcasted: ${txid}`);
  return { txid, setupTxid, dialog, networkFee, total };
}

/** The purchase pays the seller price − fee + postage and the platform its fee, exactly. */
async function expectPayouts(
  txid: string,
  sellerPayment: string,
  sales: readonly { price: bigint; postage: bigint }[],
) {
  const paid = await paidTo(app, txid);
  const fees = sales.map((s) => platformFee(s.price, FEE_BPS));
  const payout = sales.reduce((sum, s, i) => sum + s.price - (fees[i] ?? 0n) + s.postage, 0n);
  expect(paid.get(sellerPayment), 'seller payout').toBe(payout);
  expect(paid.get(feeAddress), 'platform fee output').toBe(fees.reduce((a, b) => a + b, 0n));
}

/** A P2WPKH key of someone outside the market. */
function newSniper() {
  const key = randomPrivateKey();
  const publicKey = compressedPublicKey(key);
  return { key, publicKey, address: p2wpkhAddress(publicKey, 'regtest') };
}

/**
 * Builds the sniper's purchase around the protected seller input of `txid` (its witness copied
 * from the mempool: [platform, seller, script]) at 50 sat/vB, and answers Bitcoin Core's reason
 * for refusing it (testmempoolaccept, then sendrawtransaction must throw as well).
 */
async function snipeFromMempool(
  sniper: ReturnType<typeof newSniper>,
  txid: string,
  postage: bigint,
): Promise<string> {
  const tx = await app.rpc.call<{
    vin: { txid: string; vout: number; txinwitness?: string[] }[];
    vout: { value: number; scriptPubKey: { hex: string } }[];
  }>('getrawtransaction', [txid, 1]);
  const index = tx.vin.findIndex((input) => input.txinwitness?.length === 3);
  const input = tx.vin[index];
  const payout = tx.vout[index];
  if (!input?.txinwitness || !payout) throw new Error('no protected seller input');
  const witness = input.txinwitness.map(hexToBytes);
  const witnessScript = witness[2] ?? new Uint8Array();
  const script = addressToScript(sniper.address, 'regtest');
  if (!script) throw new Error('no sniper script');
  const coins = (await unspentOf(app, sniper.address)).map((u) => ({
    txid: u.txid,
    vout: u.vout,
    value: u.sats,
    script,
    inscribed: false,
  }));
  const snipe = buildPurchasePsbt({
    listings: [
      {
        sellerInput: {
          txid: input.txid,
          vout: input.vout,
          value: postage,
          script: p2wshScript(witnessScript),
          sequence: 0xffffffff,
          inscriptionOffset: 0n,
          witnessScript,
        },
        payout: { script: hexToBytes(payout.scriptPubKey.hex), value: btcToSats(payout.value) },
      },
    ],
    buyer: {
      paymentAddress: sniper.address,
      paymentPublicKey: sniper.publicKey,
      ordinalAddress: sniper.address,
      paymentUtxos: coins.filter((c) => c.value > 600n),
      paddingUtxos: coins.filter((c) => c.value === 600n),
    },
    feeRate: 50,
    network: 'regtest',
  });
  const own = snipe.layout.inputs.flatMap((role, i) => (role.kind === 'seller' ? [] : [i]));
  const signed = parsePsbt(
    signPsbtWithKey(snipe.psbt, sniper.key, { inputs: own, finalize: true }),
  );
  const seller = snipe.layout.sellerIndices[0] ?? -1;
  signed.updateInput(seller, { finalScriptWitness: witness }, true);
  const [verdict] = await app.rpc.testMempoolAccept([signed.hex]);
  expect(verdict?.allowed).toBe(false);
  await expect(app.rpc.sendRawTransaction(signed.hex)).rejects.toThrow(/script-verify-flag-failed/);
  return verdict?.['reject-reason'] ?? '';
}

/** The unread count the header's bell says (0 when it says none). */
async function unreadOnBell(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(label)?.[1] ?? 0);
}

describe('trading on regtest', () => {
  it('shows the demo market: three collections with floor prices, a floor chart and activity', async () => {
    const { page } = buyer;
    await page.goto(`${app.baseUrl}/collections`);
    const rows = page.getByTestId('collection-row');
    await expect.poll(() => rows.count()).toBe(3);
    for (const row of await rows.all()) {
      await expect.poll(() => row.locator('td').nth(1).textContent()).toMatch(/^\d+\.\d{8}$/);
    }
    await screenshot(page, 'collections');

    await rows.first().getByRole('link').click();
    await page
      .getByTestId('stat-floor')
      .getByText(/^\d+\.\d{8} BTC$/)
      .waitFor();
    await page.getByTestId('floor-chart').locator('canvas').first().waitFor();
    await expect.poll(() => page.getByTestId('inscription-card').count()).toBeGreaterThan(0);
    // The demo's trades are spread over four weeks: all of them, not the default last day.
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByLabel('Activity window').selectOption('all');
    await expect.poll(() => page.getByTestId('activity-row').count()).toBeGreaterThan(0);
    await screenshot(page, 'collection-activity');
  });

  it('1. a Dev wallet lists from the inscription page; another buys it with a chained padding setup', async () => {
    const id = ids.sale;
    const price = 100_000n;
    const listed = await listFromInscriptionPage(seller, id, price);
    await screenshot(seller.page, 'listed');

    await fundWithTestCoins(app, buyer);
    const bought = await buyFromInscriptionPage(buyer, id, price, { expectSetup: true });
    await screenshot(buyer.page, 'bought');
    expect(await app.rpc.getRawMempool()).toEqual(
      expect.arrayContaining([bought.txid, bought.setupTxid]),
    );
    // The order book takes it off sale at once.
    expect((await orderbook(app, id)).listing).toBeNull();

    const unreadBefore = await unreadOnBell(seller.page);
    await mineBlock(app);
    const after = await settledAt(app, id, buyer.ordinalsAddress);
    expect(after.satpoint).toMatch(new RegExp(`^${bought.txid}:\\d+:0$`));
    await expectPayouts(bought.txid, seller.paymentAddress, [{ price, postage: listed.postage }]);
    // The node's UTXO set agrees: the payout is the seller's to spend.
    const payout = price - listed.fee + listed.postage;
    expect(
      (await unspentOf(app, seller.paymentAddress)).filter((u) => u.txid === bought.txid),
    ).toMatchObject([{ sats: payout }]);
    await eventually(async () =>
      expect(await tradeHistory(app, [listed.listingId])).toMatchObject([
        {
          state: 'confirmed',
          finalized: true,
          txId: bought.txid,
          makerOrdinalAddress: seller.ordinalsAddress,
          takerOrdinalAddress: buyer.ordinalsAddress,
        },
      ]),
    );
    await buyer.page
      .getByRole('status', { name: 'Purchase status' })
      .getByText('Confirmed')
      .waitFor({ timeout: 20_000 });

    // The seller hears it live (product.md#spec-gaps): the bell, then its panel, where it is
    // marked read. Its count went up by one without a reload: the bell's query is refreshed only by
    // the event.
    await seller.page
      .getByRole('button', { name: `Notifications, ${unreadBefore + 1} unread` })
      .waitFor({ timeout: 20_000 });
    await seller.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const notes = seller.page.getByRole('dialog', { name: 'Notifications' });
    const sold = notes.getByRole('listitem', { name: 'Your inscription sold' });
    await sold
      .getByText(
        new RegExp(`sold for ${btcText(price).replace('.', '\\.')}, confirmed in block \\d+\\.$`),
      )
      .waitFor();
    await sold.getByRole('button', { name: 'Mark as read' }).click();
    await sold.getByRole('button', { name: 'Mark as unread' }).waitFor();
    await screenshot(seller.page, 'sale-notified');
    await seller.page.keyboard.press('Escape');

    // Both see the new owner and the completed trade.
    for (const trader of [seller, buyer]) {
      const market = await openInscription(trader.page, app, id);
      await trader.page.getByText(buyer.ordinalsAddress, { exact: true }).first().waitFor();
      await activityRows(trader.page, 'completed').first().waitFor();
      expect(await market.getByRole('button', { name: 'List', exact: true }).count()).toBe(
        trader === buyer ? 1 : 0,
      );
    }
    await screenshot(seller.page, 'sale-completed');
  });

  it('2. a UniSat seller on one P2WPKH address lists; a P2TR-payment Dev wallet buys', async () => {
    const id = ids.unisat;
    const price = 250_000n;
    const listed = await listFromInscriptionPage(unisatSeller, id, price);
    expect(unisatCalls).toContain('signPsbt'); // through LaserEyes' UniSat code path
    const bought = await buyFromInscriptionPage(taprootBuyer, id, price, { expectSetup: true });
    await mineBlock(app);
    await settledAt(app, id, taprootBuyer.ordinalsAddress);
    await expectPayouts(bought.txid, unisatSeller.paymentAddress, [
      { price, postage: listed.postage },
    ]);
    await eventually(async () =>
      expect(await tradeHistory(app, [listed.listingId])).toMatchObject([
        { state: 'confirmed', txId: bought.txid },
      ]),
    );
    await openInscription(unisatSeller.page, app, id);
    await activityRows(unisatSeller.page, 'completed').first().waitFor();
    await screenshot(unisatSeller.page, 'unisat-sold');
  });

  it('3. delists off chain (the listing is gone) and on chain (the inscription moves to a new output)', async () => {
    const { page } = seller;
    // Off chain: a signed message.
    const offchain = await listFromInscriptionPage(seller, ids.offchain, 50_000n);
    let market = marketPanel(page);
    await market.getByRole('button', { name: 'Delist', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: /^Delist / });
    let toasts = await toastsFrom(page);
    await dialog.getByRole('button', { name: 'Cancel off chain', exact: true }).click();
    await toasts.next('Inscription delisted successfully.');
    await market.getByText('Not listed', { exact: true }).waitFor();
    const book = await orderbook(app, ids.offchain);
    expect(book.listing).toBeNull();
    expect(book.orders.find((o) => o.listingId === offchain.listingId)?.status).toBe('canceled');
    expect((await details(app, ids.offchain)).satpoint).toMatch(
      new RegExp(`^${offchain.outpoint}:`),
    );

    // On chain: the inscription goes back to the seller in a new output.
    const onchain = await listFromInscriptionPage(seller, ids.onchain, 50_000n);
    market = marketPanel(page);
    await market.getByRole('button', { name: 'Delist', exact: true }).click();
    dialog = page.getByRole('dialog', { name: /^Delist / });
    toasts = await toastsFrom(page);
    await dialog.getByRole('button', { name: 'Move on chain', exact: true }).click();
    // The move's fee, at the rate chosen, before the wallet signs (product.md#walk-through-fixes
    // item 19).
    const move = dialog.getByRole('region', { name: 'Move review' });
    await move.getByText(/^Network fee \(\d+(\.\d+)? sat\/vB\)$/).waitFor();
    await move.getByRole('button', { name: 'Sign and move' }).click();
    await dialog.getByText(/^The inscription is moving back to your wallet/).waitFor();
    const txid = await trackedTxid(dialog, 'Transaction');
    // One toast: the delisting, with its transaction as the description.
    await toasts.next('Inscription delisted successfully.');
    await page.getByText(`Transaction broadcasted: ${txid}`).waitFor();
    await screenshot(page, 'delist-onchain');
    expect(await app.rpc.getRawMempool()).toContain(txid);
    await mineBlock(app);
    // The seller's address holds it before and after, so wait for the delisting's own output:
    // the block may not be indexed yet when the mine call returns.
    const moved = await eventually(async () => {
      const d = await details(app, ids.onchain);
      expect(d.satpoint).toMatch(new RegExp(`^${txid}:\\d+:`));
      expect(d.address).toBe(seller.ordinalsAddress);
      return d;
    });
    expect(moved.satpoint.startsWith(onchain.outpoint)).toBe(false);
    await eventually(async () => {
      const after = await orderbook(app, ids.onchain);
      expect(after.listing).toBeNull();
      expect(after.orders.find((o) => o.listingId === onchain.listingId)?.status).toBe('canceled');
    });
  });

  it('4. changes the price of a listing, then sells at the new price', async () => {
    const { page } = seller;
    const id = ids.relist;
    const listed = await listFromInscriptionPage(seller, id, 60_000n);
    const newPrice = 80_000n;
    const market = marketPanel(page);
    await market.getByRole('button', { name: 'Change price', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Change the price of / });
    await dialog.getByLabel('New price (BTC)').fill(priceInput(newPrice));
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    const review = dialog.getByRole('region', { name: 'Listing review' });
    await expect
      .poll(() => reviewValue(review, 'Price').textContent())
      .toContain(btcText(newPrice));
    expect(await reviewValue(review, 'You receive').textContent()).toContain(
      satsText(newPrice - platformFee(newPrice, FEE_BPS) + listed.postage),
    );
    const toasts = await toastsFrom(page);
    await dialog.getByRole('button', { name: 'Sign new price', exact: true }).click();
    await toasts.next('Inscription price changed successfully.');
    await market.getByText(btcText(newPrice), { exact: true }).waitFor();
    expect((await orderbook(app, id)).listing).toMatchObject({
      status: 'active',
      price: newPrice.toString(),
      makerFee: platformFee(newPrice, FEE_BPS).toString(),
    });
    await screenshot(page, 'relisted');

    const bought = await buyFromInscriptionPage(buyer, id, newPrice);
    await mineBlock(app);
    await settledAt(app, id, buyer.ordinalsAddress);
    await expectPayouts(bought.txid, seller.paymentAddress, [
      { price: newPrice, postage: listed.postage },
    ]);
    const [trade] = await eventually(async () => {
      const trades = await tradeHistory(app, [(await orderbook(app, id)).orders[0]!.listingId]);
      expect(trades).toMatchObject([{ state: 'confirmed', price: newPrice.toString() }]);
      return trades;
    });
    expect(trade?.txId).toBe(bought.txid);
  });

  it('6. a seller who double-spends a bought listing with a higher fee snipes it', async () => {
    const id = ids.snipe;
    const listed = await listFromInscriptionPage(seller, id, 70_000n);
    const bought = await buyFromInscriptionPage(buyer, id, 70_000n);
    expect(await app.rpc.getRawMempool()).toContain(bought.txid);

    // The seller's own key, as the Dev wallet keeps it, spends the listed output paying 5,000
    // sats: Core 30 replaces the purchase (full RBF), which paid far less.
    const { ordinalsPrivateKey } = await readDevWalletRecord(seller.page);
    const sniper = await spendTaprootOutput(
      app,
      ordinalsPrivateKey,
      listed.outpoint,
      listed.postage,
      seller.ordinalsAddress,
      5_000n,
    );
    const mempool = await app.rpc.getRawMempool();
    expect(mempool).toContain(sniper.txid);
    expect(mempool).not.toContain(bought.txid);

    const sniped = await eventually(async () => {
      const [trade] = await tradeHistory(app, [listed.listingId]);
      expect(trade).toMatchObject({ state: 'sniped', finalized: false, txId: bought.txid });
      expect(trade?.sniperFeeRate).not.toBeNull();
      return trade!;
    });
    expect(sniped.sniperFeeRate).toBeCloseTo(5_000 / sniper.vsize, 1);
    await openInscription(seller.page, app, id);
    await activityRows(seller.page, 'pending-sniped').first().waitFor();
    await seller.page.getByText('Pending (sniped)', { exact: true }).first().waitFor();
    await screenshot(seller.page, 'sniped-pending');

    await mineBlock(app);
    // Back at the seller's address, as before the snipe: wait for the sniping output itself.
    await eventually(async () => {
      const after = await details(app, id);
      expect(after.satpoint).toMatch(new RegExp(`^${sniper.txid}:0:`));
      expect(after).toMatchObject({ address: seller.ordinalsAddress, isMoving: false });
    });
    await eventually(async () =>
      expect(await tradeHistory(app, [listed.listingId])).toMatchObject([
        { state: 'sniped', finalized: true },
      ]),
    );
    await openInscription(buyer.page, app, id);
    await activityRows(buyer.page, 'completed-sniped').first().waitFor();
    await screenshot(buyer.page, 'sniped-completed');
  });

  it('7. a protected listing: the inscription moves into the maker wallet, a buyer buys it co-signed', async () => {
    const id = ids.protected;
    const price = 90_000n;
    // A sniper with coins of their own, confirmed by the block the protected move waits for.
    const sniper = newSniper();
    for (const sats of [600n, 600n, 500_000n]) await faucet(app, sniper.address, sats);
    const listed = await listFromInscriptionPage(seller, id, price, { protect: true });
    // The listed output is the maker wallet's: a P2WSH 2-of-2 of the seller's key and ours.
    const moved = await details(app, id);
    expect(moved.address).toMatch(/^bcrt1q[0-9a-z]{58}$/);
    expect(moved.address).not.toBe(seller.ordinalsAddress);
    const market = await openInscription(buyer.page, app, id);
    await market.getByLabel('Snipe protected').first().waitFor();

    const bought = await buyFromInscriptionPage(buyer, id, price);
    // The sniper copies the seller input's witness out of the mempool into their own purchase at a
    // far higher fee rate: Bitcoin Core refuses it, since our signature committed to the buyer's.
    const refusal = await snipeFromMempool(sniper, bought.txid, listed.postage);
    expect(refusal).toMatch(/Signature must be zero for failed CHECK\(MULTI\)SIG operation/);
    expect(await app.rpc.getRawMempool()).toContain(bought.txid);
    await mineBlock(app);
    const after = await settledAt(app, id, buyer.ordinalsAddress);
    expect(after.satpoint).toMatch(new RegExp(`^${bought.txid}:\\d+:0$`));
    await expectPayouts(bought.txid, seller.paymentAddress, [{ price, postage: listed.postage }]);
    // The seller input's witness: the platform's signature, the seller's 0x83, the script.
    const raw = await app.rpc.call<string>('getrawtransaction', [bought.txid]);
    const tx = await app.rpc.call<{ vin: { txinwitness?: string[] }[] }>('decoderawtransaction', [
      raw,
    ]);
    const sellerInput = tx.vin.find((input) => input.txinwitness?.length === 3);
    expect(sellerInput?.txinwitness?.[1]).toMatch(/83$/);
    expect(sellerInput?.txinwitness?.[0]).toMatch(/01$/);
    await eventually(async () =>
      expect(await tradeHistory(app, [listed.listingId])).toMatchObject([
        { state: 'confirmed', txId: bought.txid, isSnipeProtected: true },
      ]),
    );
    await screenshot(buyer.page, 'protected-bought');
  });

  it('8. an inscription parked in the maker wallet is withdrawn from /wallet', async () => {
    const id = ids.parked;
    const { page } = seller;
    const d = await details(app, id);
    const market = await openInscription(page, app, id);
    await market.getByRole('button', { name: 'List', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `List Inscription #${d.number}` });
    await dialog.getByLabel('Price (BTC)').fill(priceInput(80_000n));
    await setSnipeProtection(dialog, true);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog.getByRole('button', { name: 'Sign and move', exact: true }).click();
    await dialog
      .getByText(/^Moved to your maker wallet in transaction/)
      .waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await mineBlock(app);
    const maker = await eventually(async () => {
      const now = await details(app, id);
      expect(now).toMatchObject({ isMoving: false });
      expect(now.address).not.toBe(seller.ordinalsAddress);
      return now.address;
    });

    await page.goto(`${app.baseUrl}/wallet`);
    const toasts = await toastsFrom(page);
    await page.getByRole('button', { name: `Withdraw ${id}` }).click();
    const review = page.getByRole('dialog', { name: 'Review inscription withdrawal' });
    await review.getByRole('button', { name: 'Sign and withdraw', exact: true }).click();
    await toasts.next('Withdrawal successfully initiated');
    await mineBlock(app);
    const back = await settledAt(app, id, seller.ordinalsAddress);
    expect(back.address).not.toBe(maker);
  });

  it('9. a buyer with padding in the multisig wallet buys with it', async () => {
    const id = ids.multisig;
    const price = 60_000n;
    const multisig = await fundMultisigWallet(app, buyer, {
      btc: '0.0004',
      outputs: 4,
      paddings: 3,
    });

    const listed = await listFromInscriptionPage(seller, id, price);
    const bought = await buyFromInscriptionPage(buyer, id, price);
    // The paddings came from the multisig wallet: what they carried, and the new paddings, go back.
    const paid = await paidTo(app, bought.txid);
    expect(paid.get(multisig) ?? 0n).toBeGreaterThanOrEqual(2_000n + 2_000n);
    await mineBlock(app);
    await settledAt(app, id, buyer.ordinalsAddress);
    await expectPayouts(bought.txid, seller.paymentAddress, [{ price, postage: listed.postage }]);
  });

  describe('5. several at once', () => {
    type DemoOwner = { name: string; address: string; paymentAddress: string; privateKey: string };
    type Held = {
      inscriptionId: string;
      isTradable: boolean;
      name: string | null;
      number: number | null;
      collectionSlug: string | null;
      listingId: string | null;
      isMoving: boolean;
      price: string | null;
    };
    let demoSeller: Trader;
    let slug: string;
    let picked: (Omit<Held, 'price'> & { price: bigint; label: string })[] = [];

    it('lists two inscriptions from /profile with one signature', async () => {
      const { owners } = JSON.parse(
        fs.readFileSync(path.join(app.dataDir, 'demo', 'owners.json'), 'utf8'),
      ) as { owners: DemoOwner[] };
      // A demo owner with two unlisted items of one collection.
      let owner: DemoOwner | undefined;
      for (const candidate of owners) {
        const { inscriptions } = await apiGet<{ inscriptions: Held[] }>(
          app,
          `/api/address/${candidate.address}/inscriptions`,
        );
        const free = inscriptions.filter(
          (i) => i.collectionSlug && i.isTradable && !i.listingId && !i.isMoving,
        );
        const pair = free.filter((i) => i.collectionSlug === free[0]?.collectionSlug);
        if (pair.length < 2) continue;
        owner = candidate;
        slug = pair[0]!.collectionSlug!;
        picked = pair.slice(0, 2).map((item, i) => ({
          ...item,
          price: BigInt(40_000 + i * 5_000),
          label: item.name ?? `Inscription #${item.number}`,
        }));
        break;
      }
      if (!owner) throw new Error('no demo owner holds two unlisted items of one collection');
      const keys = {
        paymentPrivateKey: owner.privateKey,
        ordinalsPrivateKey: owner.privateKey,
        paymentType: 'p2wpkh',
      } as const;
      expect(devAddresses(keys)).toEqual({
        paymentAddress: owner.paymentAddress,
        ordinalsAddress: owner.address,
      });
      demoSeller = await connectDevWallet(browser, app, owner.name, keys);
      const { page } = demoSeller;

      await page.goto(`${app.baseUrl}/profile`);
      await page.getByRole('tab', { name: 'My inscriptions' }).waitFor();
      for (const item of picked) {
        await page.getByRole('checkbox', { name: `Select ${item.label}`, exact: true }).check();
      }
      await page.getByText('2 selected', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'List selected', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'List 2 inscriptions' });
      for (const item of picked) {
        await dialog.getByLabel(`Price of ${item.label} (BTC)`).fill(priceInput(item.price));
      }
      await setSnipeProtection(dialog, false);
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
      const review = dialog.getByRole('region', { name: 'Listing review' });
      for (const item of picked) {
        const entry = review.getByRole('definition').filter({ hasText: btcText(item.price) });
        // The review waits for the server's listing PSBT: more than expect.poll's 1 s on CI.
        await expect.poll(() => entry.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      }
      await screenshot(page, 'profile-list-review', false);
      // One signed PSBT confirms both listings.
      const confirms: { listingIds: string[] }[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/listings/protected/confirm')) confirms.push(r.postDataJSON());
      });
      const toasts = await toastsFrom(page);
      await dialog.getByRole('button', { name: 'Sign and list', exact: true }).click();
      await toasts.next('Inscription(s) listed successfully');
      expect(confirms).toHaveLength(1);
      expect(confirms[0]?.listingIds).toHaveLength(2);

      const { inscriptions } = await apiGet<{ inscriptions: Held[] }>(
        app,
        `/api/address/${owner.address}/inscriptions`,
      );
      for (const item of picked) {
        const held = inscriptions.find((i) => i.inscriptionId === item.inscriptionId);
        expect(held).toMatchObject({ price: item.price.toString(), listingId: expect.any(String) });
        item.listingId = held!.listingId;
        expect((await orderbook(app, item.inscriptionId)).listing).toMatchObject({
          status: 'active',
          price: item.price.toString(),
        });
      }
      await page.getByRole('tab', { name: 'My listings' }).click();
      for (const item of picked) {
        await page
          .getByRole('list', { name: 'My listings' })
          .getByRole('listitem', { name: item.label })
          .getByText(btcText(item.price))
          .waitFor();
      }
      await screenshot(page, 'profile-listed');
    });

    it('buys both in one transaction from the collection page sweep', async (ctx) => {
      if (picked.length === 0 || picked.some((item) => !item.listingId)) {
        ctx.skip('nothing was listed from /profile');
      }
      const { page } = buyer;
      await page.goto(`${app.baseUrl}/collections/${slug}?status=listed&sort=recently_listed`);
      await expect.poll(() => page.getByTestId('inscription-card').count()).toBeGreaterThan(0);
      const boxes: Locator[] = picked.map((item) =>
        page.getByRole('checkbox', {
          name: `Select ${item.name ?? `#${item.number}`}`,
          exact: true,
        }),
      );
      if ((await boxes[0]!.count()) === 0) {
        ctx.skip("the collection page has no sweep checkboxes ('Select {name}')");
      }
      for (const box of boxes) await box.check();
      const cart = page.getByRole('region', { name: 'Selected items' });
      const total = picked.reduce((sum, item) => sum + item.price, 0n);
      await cart.getByText(btcText(total)).waitFor();
      await cart.getByRole('button', { name: 'Buy selected', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Buy 2 items' });
      const review = dialog.getByRole('region', { name: 'Purchase review' });
      await review.waitFor({ timeout: 30_000 });
      expect(await reviewValue(review, 'Price').textContent()).toContain(btcText(total));
      const fees = picked.reduce((sum, item) => sum + platformFee(item.price, FEE_BPS), 0n);
      expect(await reviewValue(review, 'Platform fee').textContent()).toContain(satsText(fees));
      await screenshot(page, 'sweep-review', false);
      const toasts = await toastsFrom(page);
      await dialog.getByRole('button', { name: 'Sign and buy', exact: true }).click();
      await dialog.getByText(/^Your purchase is broadcast\./).waitFor({ timeout: 30_000 });
      const txid = await trackedTxid(dialog, 'Purchase');
      await toasts.next(`Transaction broadcasted: ${txid}`);

      const postages = await Promise.all(
        picked.map(async (item) => BigInt((await details(app, item.inscriptionId)).outputValue)),
      );
      await mineBlock(app);
      for (const item of picked) {
        const after = await settledAt(app, item.inscriptionId, buyer.ordinalsAddress);
        expect(after.satpoint.split(':')[0]).toBe(txid);
      }
      await expectPayouts(
        txid,
        demoSeller.paymentAddress,
        picked.map((item, i) => ({ price: item.price, postage: postages[i] ?? 0n })),
      );
      await eventually(async () => {
        const trades = await tradeHistory(
          app,
          picked.map((item) => item.listingId!),
        );
        expect(trades).toHaveLength(2);
        for (const trade of trades) expect(trade).toMatchObject({ state: 'confirmed', txId: txid });
      });
      await page.goto(`${app.baseUrl}/collections/${slug}?tab=activity`);
      await page.locator('[data-testid="activity-row"][data-status="completed"]').first().waitFor();
      await screenshot(page, 'sweep-completed');
    });
  });
});
