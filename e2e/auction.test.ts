import fs from 'node:fs';
import { makerFee, POSTAGE } from '@om/bitcoin';
import { BID_NEEDS_WALLET, SELLER_CANNOT_BID, URL_COPIED, type EndAuctionPayload } from '@om/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptTerms,
  answerTo,
  clickNext,
  startNewLaunch,
  stepHeading,
  storyShot,
} from './edition-helpers.ts';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import { inscribeOnNode } from './inscribe.ts';
import { localDateTime, wholeMinuteBefore } from './launch-helpers.ts';
import {
  apiCall,
  apiGet,
  btcText,
  connectDevWallet,
  details,
  eventually,
  faucet,
  fundMultisigWallet,
  fundWithTestCoins,
  mineBlock,
  newDevKeys,
  newPage,
  paidTo,
  regtestPlatformFeeAddress,
  reviewValue,
  satsText,
  settledAt,
  toastsFrom,
  trackedTxid,
  unspentOf,
  type Trader,
} from './trade-helpers.ts';

// ADR 012's English auction in Chromium against the product on its own regtest node: a seller
// auctions an inscription through the /launchpad wizard (one signature escrows it in their maker
// wallet and pre-signs the floor); bidder A, told to fund their multisig wallet first, does so on
// /wallet and bids the floor; B outbids; A cannot go below the new minimum. The auction is ended
// early (POST /api/dev/auctions/{slug}/end: it would last at least an hour) and the worker
// settles it: the inscription to B, the bid less the platform fee plus the escrowed output's value
// to the seller, as a visitor sees on /auction/{slug}.

const START_PRICE = 40_000n;
/** The reserve is above the start price: bids open at it (ADR 012). */
const RESERVE = 50_000n;
const FLOOR = RESERVE;
const BID_B = 60_000n;
/** What each bidder moves into their multisig wallet: 4 coins of 50,000 sats, 3 paddings. */
const MULTISIG_FUNDS = { btc: '0.002', outputs: 4, paddings: 3 };
const run = Date.now().toString(36);
const NAME = `Auction Story ${run}`;
const SLUG = `auction-story-${run}`;
const AUCTION_PATH = `/auction/${SLUG}`;

type AuctionView = {
  status: string;
  inscription_id: string;
  maker_wallet_address: string | null;
  start_price: string;
  reserve_price: string | null;
  highest_bid: string | null;
  minimum_bid: string;
  end_date: number;
  bids: { amount: string; bidder_ordinal_address: string; status: string }[];
  deposit_txid: string | null;
  settlement_txid: string | null;
};

let app: RunningApp;
let browser: Browser;
let seller: Trader;
let bidderA: Trader;
let bidderB: Trader;
let inscriptionId: string;
let platformFeeBps: number;
/** The value of the inscription's output: escrowed whole, paid back to the seller at settlement. */
let itemValue: bigint;
let isLive = false;

const auction = () => apiGet<AuctionView>(app, `/api/launchpad/auctions/${SLUG}`);
const priceInput = (sats: bigint) => (Number(sats) / 1e8).toFixed(8).replace(/\.?0+$/, '');

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  [app, browser] = await Promise.all([startApp({ SEED_DEMO: 'false' }), launchBrowser()]);
  [seller, bidderA, bidderB] = await Promise.all([
    connectDevWallet(browser, app, 'seller', newDevKeys('p2wpkh')),
    connectDevWallet(browser, app, 'A', newDevKeys('p2wpkh')),
    connectDevWallet(browser, app, 'B', newDevKeys('p2wpkh')),
  ]);
  // The Congratulations screen's Copy URL writes to the clipboard.
  await seller.page
    .context()
    .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  inscriptionId = await inscribeOnNode(
    app.rpc,
    seller.ordinalsAddress,
    'text/plain;charset=utf-8',
    `the auction story's item ${run}`,
  );
  await faucet(app, bidderA.paymentAddress, 10_000_000n);
  await faucet(app, bidderB.paymentAddress, 10_000_000n);
  // The seller's 'Mine block' also confirms the inscription and the bidders' coins.
  await fundWithTestCoins(app, seller);
  itemValue = BigInt((await settledAt(app, inscriptionId, seller.ordinalsAddress)).outputValue);
  ({ platformFeeBps } = await apiGet<{ platformFeeBps: number }>(app, '/api/config'));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** /auction/{slug} once the auction has loaded; its status section. */
async function openAuctionPage(page: Page) {
  await page.goto(`${app.baseUrl}${AUCTION_PATH}`);
  const status = page.getByRole('region', { name: 'Auction status' });
  await status.waitFor();
  return status;
}

const phaseOf = (page: Page) =>
  page.getByRole('region', { name: 'Auction status' }).locator('[data-phase]');

/** The auction page shows this highest bid and minimum next bid (it asks again every 5 s). */
async function expectPrices(page: Page, highest: bigint, minimum: bigint): Promise<void> {
  const status = page.getByRole('region', { name: 'Auction status' });
  await expect
    .poll(() => reviewValue(status, 'Highest bid').textContent(), { timeout: 20_000 })
    .toBe(`${btcText(highest)}${satsText(highest)}`);
  expect(await reviewValue(status, 'Minimum next bid').textContent()).toBe(
    `${btcText(minimum)}${satsText(minimum)}`,
  );
}

/**
 * Bids `amount` from the auction page (the form holds the minimum until one types): the review
 * of the settlement the bid signs, Sign and bid, the toast.
 */
async function bid(trader: Trader, amount: bigint, name: string): Promise<void> {
  const { page } = trader;
  await openAuctionPage(page);
  const panel = page.getByRole('region', { name: 'Place a bid' });
  await panel.getByLabel('Bid (BTC)').fill(priceInput(amount));
  await panel.getByRole('button', { name: 'Bid', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Place your bid' });
  const review = dialog.getByRole('region', { name: 'Bid review' });
  await review.waitFor({ timeout: 30_000 });
  const fee = makerFee(amount, platformFeeBps);
  expect(await reviewValue(review, 'Your bid').textContent()).toContain(btcText(amount));
  expect(await reviewValue(review, 'The seller gets').textContent()).toContain(
    btcText(amount - fee),
  );
  expect(await reviewValue(review, 'Platform fee').textContent()).toContain(btcText(fee));
  expect(await reviewValue(review, 'Inscription output').textContent()).toContain(btcText(POSTAGE));
  expect(
    await reviewValue(review, 'Inscription goes to').locator('span').getAttribute('title'),
  ).toBe(trader.ordinalsAddress);
  await storyShot(page, 'auction', `${name}-review`);
  const toasts = await toastsFrom(page);
  await dialog.getByRole('button', { name: 'Sign and bid' }).click();
  await toasts.next('Your bid stands as the highest.');
  await dialog.getByText('Your bid stands as the highest.').waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('an English auction', () => {
  it('is created in the wizard, signed once, and live at /auction/{slug}', async () => {
    const { page } = seller;
    await startNewLaunch(page, app.baseUrl, 'Auction');

    // Launch Your Auction: the slug follows the name; the payment address is already there.
    await stepHeading(page, 'Launch Your Auction');
    await page.getByLabel('Auction name').fill(NAME);
    await expect.poll(() => page.getByLabel('Slug').inputValue(), { timeout: 5_000 }).toBe(SLUG);
    await page
      .getByLabel('Description')
      .fill('One inscription, sold to the highest bidder by the end-to-end story.');
    await page.getByLabel('Creator name').fill('Story Seller');
    await page.getByLabel('Creator email').fill('seller@example.com');
    await page.getByLabel('Creator email').blur();
    expect(await page.getByLabel('Creator BTC address').inputValue()).toBe(seller.paymentAddress);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), { timeout: 20_000 }).toBe(true);
    await storyShot(page, 'auction', 'information');
    await clickNext(page);

    // Auction Details: the prices, a start this minute and an end an hour on (no shorter).
    await stepHeading(page, 'Auction Details');
    await page.getByLabel('Start price (BTC)').fill(priceInput(START_PRICE));
    await page.getByLabel('Reserve price (BTC, optional)').fill(priceInput(RESERVE));
    await page.getByText(`= ${satsText(RESERVE)}`).waitFor();
    // The form refuses a start before the current minute: typed at a minute's very end, the
    // start would have passed by the time it is checked.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const startsAt = wholeMinuteBefore(Date.now());
    const start = await localDateTime(page, startsAt);
    await page.getByLabel('Start date').fill(start.date);
    await page.getByLabel('Start time').fill(start.time);
    await page.getByLabel('Start time').blur();
    // Only durations that can pass: at least 1 hour, ending within 12 hours (the escrow, ADR 012).
    expect(await page.getByLabel('Duration').locator('option').allTextContents()).toEqual([
      'Choose the end yourself',
      '1 hour',
      '6 hours',
      '12 hours',
    ]);
    await page.getByLabel('Duration').selectOption({ label: '1 hour' });
    const end = await localDateTime(page, startsAt + 3_600_000);
    expect(await page.getByLabel('End date').inputValue()).toBe(end.date);
    expect(await page.getByLabel('End time').inputValue()).toBe(end.time);
    await expect.poll(() => next.isEnabled()).toBe(true);
    await storyShot(page, 'auction', 'details');
    await clickNext(page);

    // Auction Format: the inscription, checked against the wallet.
    await stepHeading(page, 'Auction Format');
    await page.getByLabel('Inscription ID').fill(inscriptionId);
    await page
      .getByRole('status')
      .filter({ hasText: 'This inscription is in your wallet, on output' })
      .waitFor();
    await expect.poll(() => next.isEnabled(), { timeout: 20_000 }).toBe(true);
    await clickNext(page);

    // Submit: what will be auctioned, the terms, Submit.
    await stepHeading(page, 'Submit');
    const summary = page.locator('dl[aria-label="Auction"]');
    expect(await reviewValue(summary, 'Auction').textContent()).toBe(NAME);
    expect(await reviewValue(summary, 'Auction page').textContent()).toBe(AUCTION_PATH);
    expect(await reviewValue(summary, 'Inscription').textContent()).toBe(inscriptionId);
    expect(await reviewValue(summary, 'Start price').textContent()).toContain(btcText(START_PRICE));
    expect(await reviewValue(summary, 'Reserve price').textContent()).toContain(btcText(RESERVE));
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();

    // Submitting: both transactions reviewed, one Sign, which then reads Signed.
    const sign = page.getByRole('region', { name: 'Sign your auction' });
    await sign.waitFor({ timeout: 30_000 });
    await stepHeading(page, 'Submitting');
    const floor = sign.getByLabel('Floor', { exact: true });
    const floorFee = makerFee(FLOOR, platformFeeBps);
    expect(await reviewValue(floor, 'Floor price').textContent()).toContain(btcText(FLOOR));
    expect(await reviewValue(floor, 'Platform fee').textContent()).toContain(btcText(floorFee));
    const paidAtFloor = await reviewValue(floor, 'Paid to you at the floor').textContent();
    expect(paidAtFloor).toContain(btcText(FLOOR - floorFee + itemValue));
    await storyShot(page, 'auction', 'sign');
    const signed = sign.getByRole('button', { name: 'Signed', exact: true });
    const [confirmed] = await Promise.all([
      answerTo<{ auctionId: string; status: string; txId: string }>(
        page,
        '/api/launchpad/auctions/confirm',
        () => sign.getByRole('button', { name: 'Sign', exact: true }).click(),
      ),
      signed.waitFor({ timeout: 30_000 }),
    ]);
    expect(confirmed.status).toBe('active');
    expect(await signed.getAttribute('aria-disabled')).toBe('true');

    // Submitted, 2 s later: Congratulations, the auction's link and Copy URL.
    const congratulations = page.getByRole('region', { name: 'Congratulations' });
    await congratulations.getByRole('heading', { name: 'Congratulations' }).waitFor();
    await stepHeading(page, 'View Auction');
    const link = congratulations.getByRole('link', { name: AUCTION_PATH, exact: true });
    await link.waitFor();
    const toasts = await toastsFrom(page);
    await congratulations.getByRole('button', { name: 'Copy URL' }).click();
    await toasts.next(URL_COPIED);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${app.baseUrl}${AUCTION_PATH}`,
    );
    await storyShot(page, 'auction', 'congratulations');

    // After a block the inscription sits in the seller's maker wallet (ADR 012).
    await mineBlock(app);
    const live = await auction();
    expect(live).toMatchObject({
      status: 'active',
      inscription_id: inscriptionId,
      start_price: START_PRICE.toString(),
      reserve_price: RESERVE.toString(),
      highest_bid: null,
      minimum_bid: FLOOR.toString(),
      deposit_txid: confirmed.txId,
    });
    const escrowed = await settledAt(app, inscriptionId, live.maker_wallet_address ?? '');
    expect(BigInt(escrowed.outputValue)).toBe(itemValue);

    // The seller follows the link: live, bids open at the reserve, and not for them.
    await link.click();
    await expect.poll(() => phaseOf(page).textContent(), { timeout: 20_000 }).toBe('Live');
    const status = page.getByRole('region', { name: 'Auction status' });
    expect(await reviewValue(status, 'Highest bid').textContent()).toBe('No bids yet');
    expect(await reviewValue(status, 'Minimum next bid').textContent()).toBe(
      `${btcText(FLOOR)}${satsText(FLOOR)}`,
    );
    await page
      .getByRole('region', { name: 'Place a bid' })
      .getByRole('status')
      .filter({ hasText: SELLER_CANNOT_BID })
      .waitFor();
    await storyShot(page, 'auction', 'live');
    isLive = true;
  }, 180_000);

  it('takes A at the floor, B above, and holds A to the new minimum', async () => {
    if (!isLive) throw new Error('no auction to bid on: it was not created');
    // A bids before funding their multisig wallet: the dialog says how, and links to /wallet.
    const { page } = bidderA;
    await openAuctionPage(page);
    const panel = page.getByRole('region', { name: 'Place a bid' });
    expect(await panel.getByLabel('Bid (BTC)').inputValue()).toBe(priceInput(FLOOR));
    await panel.getByRole('button', { name: 'Bid', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Place your bid' });
    await dialog
      .getByRole('alert')
      .filter({ hasText: `Could not prepare the bid: ${BID_NEEDS_WALLET}` })
      .waitFor({ timeout: 30_000 });
    await storyShot(page, 'auction', 'a-needs-funds');
    await dialog.getByRole('link', { name: 'Deposit into your multisig wallet' }).click();
    await page.waitForURL(`${app.baseUrl}/wallet`);
    await fundMultisigWallet(app, bidderA, MULTISIG_FUNDS);
    await bid(bidderA, FLOOR, 'a');
    const afterA = FLOOR + 2_500n; // + max(5 % of it, 1,000 sats)
    await expectPrices(page, FLOOR, afterA);

    // B follows the bid form's own link to the multisig wallet, funds it the same way, outbids A.
    await openAuctionPage(bidderB.page);
    await bidderB.page
      .getByRole('region', { name: 'Place a bid' })
      .getByRole('link', { name: 'multisig wallet' })
      .click();
    await bidderB.page.waitForURL(`${app.baseUrl}/wallet`);
    await fundMultisigWallet(app, bidderB, MULTISIG_FUNDS);
    await bid(bidderB, BID_B, 'b');
    const afterB = BID_B + 3_000n;
    await expectPrices(bidderB.page, BID_B, afterB);
    expect(await auction()).toMatchObject({
      highest_bid: BID_B.toString(),
      minimum_bid: afterB.toString(),
    });

    // A's page follows (every 5 s): B's bid, and A's own below the new minimum is refused.
    await expectPrices(page, BID_B, afterB);
    // A is told (product.md#spec-gaps): the notification in the bell's panel.
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('listitem', { name: 'You were outbid' })
      .getByText(`A bid of ${btcText(BID_B)} now leads on ${SLUG}; yours is released.`)
      .waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    const bids = page.getByRole('list', { name: 'Bids' }).getByRole('listitem');
    await expect
      .poll(() => bids.allTextContents(), { timeout: 20_000 })
      .toEqual([
        expect.stringMatching(/^Highest.*60,000 sats$/),
        expect.stringMatching(/^Outbid.*\(you\).*50,000 sats$/),
      ]);
    await panel.getByLabel('Bid (BTC)').fill(priceInput(BID_B));
    // Said in BTC, as the field is (product.md#walk-through-fixes item 21).
    const refusal = `The highest bid is ${btcText(BID_B)}: bid at least ${btcText(afterB)}.`;
    expect(refusal).toBe('The highest bid is 0.00060000 BTC: bid at least 0.00063000 BTC.');
    await panel.getByText(refusal, { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Bid', exact: true }).click();
    expect(await dialog.isVisible()).toBe(false);
    await storyShot(page, 'auction', 'a-below-minimum');
  }, 180_000);

  it('ends early, settles to B and pays the seller, as a visitor sees', async () => {
    if (!isLive) throw new Error('no auction to end: it was not created');
    const before = await auction();
    expect(before.highest_bid).toBe(BID_B.toString());
    const ended = await apiCall<EndAuctionPayload>(app, 'POST', `/api/dev/auctions/${SLUG}/end`);
    expect(ended.slug).toBe(SLUG);
    expect(ended.endDate).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(ended.endDate).toBeLessThan(before.end_date);

    // The worker (every 3 s) settles the highest bid; a visitor's page follows it.
    const visitor = await newPage(browser);
    await openAuctionPage(visitor);
    await expect.poll(() => phaseOf(visitor).textContent(), { timeout: 30_000 }).toBe('Settled');
    const settlement = visitor.getByRole('region', { name: 'Settlement' });
    const txid = await eventually(() => trackedTxid(settlement, 'Settlement'), 20_000);
    const settled = await auction();
    expect(settled).toMatchObject({ status: 'settled', settlement_txid: txid });
    expect(settled.bids.map((b) => [b.amount, b.status])).toEqual([
      [BID_B.toString(), 'won'],
      [FLOOR.toString(), 'outbid'],
    ]);

    // On chain: B owns the inscription; the seller got the bid less the platform fee plus the
    // escrowed output's value, the platform its fee.
    await mineBlock(app);
    await settledAt(app, inscriptionId, bidderB.ordinalsAddress);
    const fee = makerFee(BID_B, platformFeeBps);
    const payout = BID_B - fee + itemValue;
    const paid = await paidTo(app, txid);
    expect(paid.get(seller.paymentAddress)).toBe(payout);
    expect(paid.get(regtestPlatformFeeAddress(app.dataDir))).toBe(fee);
    expect(paid.get(bidderB.ordinalsAddress)).toBe(POSTAGE);
    const sellerCoins = await unspentOf(app, seller.paymentAddress);
    const fromSettlement = sellerCoins.filter((c) => c.txid === txid);
    expect(fromSettlement.reduce((sum, c) => sum + c.sats, 0n)).toBe(payout);
    expect((await details(app, inscriptionId)).outputValue).toBe(POSTAGE.toString());

    // The visitor's page: settled, the winning bid, no bidding, the settlement confirmed.
    await visitor.reload();
    await expect.poll(() => phaseOf(visitor).textContent(), { timeout: 20_000 }).toBe('Settled');
    const status = visitor.getByRole('region', { name: 'Auction status' });
    expect(await reviewValue(status, 'Highest bid').textContent()).toBe(
      `${btcText(BID_B)}${satsText(BID_B)}`,
    );
    expect(await status.getByText('Minimum next bid').count()).toBe(0);
    expect(await visitor.getByRole('region', { name: 'Place a bid' }).count()).toBe(0);
    await expect
      .poll(() => visitor.getByRole('status', { name: 'Settlement status' }).textContent(), {
        timeout: 20_000,
      })
      .toBe('Confirmed');
    const bids = visitor.getByRole('list', { name: 'Bids' }).getByRole('listitem');
    expect(await bids.first().getAttribute('aria-label')).toBe('Bid of 60,000 sats');
    expect(await bids.first().textContent()).toMatch(/^Won/);
    await storyShot(visitor, 'auction', 'settled');
  }, 120_000);
});
