import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptTerms,
  answerTo,
  clickNext,
  editionOrder,
  fillCollectionInfo,
  inscriptionDetails,
  launchBySlug,
  localDateTimeInput,
  openEditionMintPage,
  remainingEditions,
  startNewLaunch,
  stepHeading,
  storyShot,
  type EditionOrder,
} from './edition-helpers.ts';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import { inscribeOnNode } from './inscribe.ts';
import { wholeMinuteBefore } from './launch-helpers.ts';
import {
  btcText,
  connectDevWallet,
  eventually,
  fundWithTestCoins,
  mineBlock,
  newDevKeys,
  paidTo,
  reviewValue,
  satsText,
  settledAt,
  toastsFrom,
  trackedTxid,
  unspentOf,
  type Trader,
} from './trade-helpers.ts';

// ADR 011's editions in Chromium against the product on its own regtest node: a creator launches
// 5 editions of an inscription they hold through the /launchpad wizard (ownership signed with the
// Dev wallet), a buyer mints 2 (one payment, one reveal of 2 delegates, the price to the
// creator), and a second buyer whose page still says 5 asks for 4 and is told the server's
// 'Only 3 left to mint'.

const EDITIONS = 5;
const PRICE_BTC = '0.0001';
const PRICE = 10_000n;
const MINTED = 2;
const run = Date.now().toString(36);
const NAME = `Edition Story ${run}`;
const SLUG = `edition-story-${run}`;
const ORIGINAL_BODY = `the edition story's original ${run}`;

let app: RunningApp;
let browser: Browser;
let creator: Trader;
let buyer: Trader;
let latecomer: Trader;
let originalId: string;
let launchpadId: string | undefined;

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  [app, browser] = await Promise.all([startApp({ SEED_DEMO: 'false' }), launchBrowser()]);
  [creator, buyer, latecomer] = await Promise.all([
    connectDevWallet(browser, app, 'creator', newDevKeys('p2wpkh')),
    connectDevWallet(browser, app, 'buyer', newDevKeys('p2wpkh')),
    connectDevWallet(browser, app, 'latecomer', newDevKeys('p2wpkh')),
  ]);
  originalId = await inscribeOnNode(
    app.rpc,
    creator.ordinalsAddress,
    'text/plain;charset=utf-8',
    ORIGINAL_BODY,
  );
  // The buyer's 'Mine block' also confirms the original.
  await fundWithTestCoins(app, buyer);
  await settledAt(app, originalId, creator.ordinalsAddress);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('an edition launch', () => {
  it('is created in the wizard from an original the creator signs for', async () => {
    const { page } = creator;
    await startNewLaunch(page, app.baseUrl, 'Edition');

    await stepHeading(page, 'Submit Information');
    await fillCollectionInfo(page, {
      name: NAME,
      slug: SLUG,
      description: 'Five editions of one original, launched by the end-to-end story.',
      paymentAddress: creator.paymentAddress,
    });
    await clickNext(page);

    // Choose Original: the id is checked against the wallet, then the wallet signs for it.
    await stepHeading(page, 'Choose Original');
    await page.getByLabel('Inscription ID').fill(originalId);
    await page
      .getByRole('status')
      .filter({ hasText: 'This inscription is in your wallet.' })
      .waitFor();
    await page.getByLabel('Number of editions').fill(String(EDITIONS));
    await page.getByLabel('Price (BTC)').fill(PRICE_BTC);
    await page.getByText(`= ${satsText(PRICE)}`).waitFor();
    const now = Date.now();
    await page
      .getByLabel('Start date')
      .fill(await localDateTimeInput(page, wholeMinuteBefore(now)));
    await page.getByLabel('End date').fill(await localDateTimeInput(page, now + 86_400_000));
    await page.getByLabel('End date').blur();
    await page.getByRole('button', { name: 'Sign Inscription' }).click();
    const signed = page.getByRole('button', { name: 'Complete', exact: true });
    await signed.waitFor();
    expect(await signed.isDisabled()).toBe(true);
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), { timeout: 20_000 }).toBe(true);
    await storyShot(page, 'edition', 'original');
    await clickNext(page);

    // Submit Project: what will be launched, the terms, Submit.
    await stepHeading(page, 'Submit');
    const summary = page.getByLabel('Edition', { exact: true });
    expect(await reviewValue(summary, 'Mint page').textContent()).toBe(`/mint/${SLUG}`);
    expect(await reviewValue(summary, 'Original').textContent()).toBe(originalId);
    expect(await reviewValue(summary, 'Editions').textContent()).toBe(String(EDITIONS));
    await acceptTerms(page);
    const created = await answerTo<{ id: string }>(page, '/api/launchpad/editions/create', () =>
      page.getByRole('button', { name: 'Submit', exact: true }).click(),
    );
    launchpadId = created.id;

    const submitted = page.getByRole('region', { name: 'Submitted' });
    await submitted.getByText('Your edition has been submitted for review.').waitFor();
    await submitted.getByRole('link', { name: `/mint/${SLUG}` }).waitFor();
    await stepHeading(page, 'View Edition');
    await storyShot(page, 'edition', 'submitted');

    // Live at once (nothing to sign: each edition is inscribed when minted, ADR 011).
    const launch = await launchBySlug(app, SLUG);
    expect(launch).toMatchObject({
      id: launchpadId,
      status: 'active',
      launchpad_type: 'editions',
      total_inscriptions: EDITIONS,
      remaining_inscriptions: EDITIONS,
    });
    expect(launch.phases.map((p) => p.price)).toEqual([PRICE.toString()]);
  }, 120_000);

  it('lets a buyer mint 2 delegates of the original, paying the creator 2 × the price', async () => {
    if (!launchpadId) throw new Error('no edition launch to mint from: it was not created');
    // A second buyer opens the page now; it still says 5 when they come to mint. A page refreshes
    // its launch on each block of the live stream: this one's stream is down, so it is stale.
    // With or without a query (a signed-in page asks for its address's notifications too).
    await latecomer.page.route(/\/api\/shared\/events(\?|$)/, (route) => route.abort());
    const latePanel = await openEditionMintPage(latecomer.page, app, SLUG);
    expect(await remainingEditions(latePanel)).toBe(`${EDITIONS} of ${EDITIONS}`);

    const { page } = buyer;
    const panel = await openEditionMintPage(page, app, SLUG);
    expect(await reviewValue(panel, 'Price per edition').textContent()).toContain(btcText(PRICE));
    expect(await remainingEditions(panel)).toBe(`${EDITIONS} of ${EDITIONS}`);
    await panel.getByLabel('Number to mint').fill(String(MINTED));
    const toasts = await toastsFrom(page);
    await panel.getByRole('button', { name: 'Mint', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: `Mint ${NAME}` });
    await dialog.getByText(`${MINTED} reserved for you until`).waitFor({ timeout: 30_000 });
    const review = dialog.getByRole('region', { name: 'Mint review' });
    expect(await reviewValue(review, 'Editions').textContent()).toBe(String(MINTED));
    expect(await reviewValue(review, 'Price').textContent()).toContain(btcText(2n * PRICE));
    expect(await reviewValue(review, 'Postage').textContent()).toContain(satsText(2n * 546n));
    await storyShot(page, 'edition', 'mint-review');
    const order = await answerTo<EditionOrder>(page, '/api/launchpad/editions/mint/submit', () =>
      dialog.getByRole('button', { name: 'Sign and mint' }).click(),
    );
    const toast = await toasts.next(/^Transaction broadcasted: [0-9a-f]{64}$/);
    const paymentTxid = toast.slice('Transaction broadcasted: '.length);

    // The order view: inscribed, its payment and reveal, one link per edition.
    await dialog
      .getByRole('status', { name: 'Order status' })
      .filter({ hasText: 'Inscribed: the editions are on their way to your wallet.' })
      .waitFor();
    expect(await trackedTxid(dialog, 'Payment')).toBe(paymentTxid);
    const revealTxid = await trackedTxid(dialog, 'Reveal');
    const editionIds = [`${revealTxid}i0`, `${revealTxid}i1`];
    const links = dialog.getByRole('list', { name: 'Your editions' }).getByRole('link');
    await expect.poll(() => links.count()).toBe(MINTED);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('title')))).toEqual(
      editionIds,
    );
    expect(await links.first().textContent()).toMatch(/^Edition 1: /);
    await storyShot(page, 'edition', 'order');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    expect(await editionOrder(app, order.orderId)).toMatchObject({
      status: 'inscribed',
      mintCount: MINTED,
      takerOrdinalAddress: buyer.ordinalsAddress,
      commitTxId: paymentTxid,
      revealTxId: revealTxid,
      inscriptionIds: editionIds,
    });

    // After a block, per the indexer: both editions at the buyer's, each a delegate of the
    // original, whose content they show.
    await mineBlock(app);
    for (const id of editionIds) {
      const edition = await eventually(async () => {
        const d = await inscriptionDetails(app, id);
        expect(d.address).toBe(buyer.ordinalsAddress);
        expect(d.isMoving).toBe(false);
        return d;
      }, 30_000);
      expect(edition.delegate).toBe(originalId);
      const content = await fetch(`${app.baseUrl}/content/${id}`);
      expect(content.status).toBe(200);
      expect(await content.text()).toBe(ORIGINAL_BODY);
    }
    expect((await inscriptionDetails(app, originalId)).address).toBe(creator.ordinalsAddress);

    // product.md#walk-through-fixes item 6: an edition's page is named by its launch, linked to
    // the mint page; item 5: the buyer's /inscriptions lists both editions.
    await page.goto(`${app.baseUrl}/inscriptions/${editionIds[0]}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const origin = page.getByText(`An edition from ${NAME}`);
    await origin.waitFor();
    expect(await origin.getByRole('link', { name: NAME }).getAttribute('href')).toBe(
      `/mint/${SLUG}`,
    );
    await page.goto(`${app.baseUrl}/inscriptions`);
    const held = page.getByRole('list', { name: 'Your inscriptions' }).getByRole('link');
    await expect.poll(() => held.count()).toBe(MINTED);
    expect(await held.evaluateAll((as) => as.map((a) => a.getAttribute('href')).sort())).toEqual(
      editionIds.map((id) => `/inscriptions/${id}`).sort(),
    );

    // The money, per the node: exactly 2 × the price to the creator (who held no coins before),
    // the postage to the buyer.
    const paid = await paidTo(app, revealTxid);
    expect(paid.get(creator.paymentAddress)).toBe(2n * PRICE);
    expect(paid.get(buyer.ordinalsAddress)).toBe(2n * 546n);
    const creatorCoins = await unspentOf(app, creator.paymentAddress);
    expect(creatorCoins.map((c) => [c.txid, c.sats])).toEqual([[revealTxid, 2n * PRICE]]);

    // The mint page now says 3 are left, and will not send a mint of 4.
    const reloaded = await openEditionMintPage(page, app, SLUG);
    await expect
      .poll(() => remainingEditions(reloaded))
      .toBe(`${EDITIONS - MINTED} of ${EDITIONS}`);
    expect((await launchBySlug(app, SLUG)).remaining_inscriptions).toBe(EDITIONS - MINTED);
    await reloaded.getByLabel('Number to mint').fill('4');
    await reloaded.getByText('Only 3 left to mint', { exact: true }).waitFor();
    await storyShot(page, 'edition', 'three-left');
  }, 150_000);

  it("refuses a mint of 4 from a page that still says 5, in the server's words", async () => {
    if (!launchpadId) throw new Error('no edition launch to mint from: it was not created');
    const { page } = latecomer;
    const panel = page.getByRole('region', { name: 'Mint', exact: true });
    // The page was loaded before the mint above: it knows nothing of it.
    expect(await remainingEditions(panel)).toBe(`${EDITIONS} of ${EDITIONS}`);
    await panel.getByLabel('Number to mint').fill('4');
    expect(await panel.getByText('Only 3 left to mint').count()).toBe(0);
    const toasts = await toastsFrom(page);
    await panel.getByRole('button', { name: 'Mint', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Mint ${NAME}` });
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.textContent()).toBe(
      'Could not prepare the mint: Failed to fetch price for editions Status 409: Only 3 left to mint',
    );
    await toasts.next('Failed to fetch price for editions');
    expect(await dialog.getByRole('button', { name: 'Sign and mint' }).isDisabled()).toBe(true);
    await storyShot(page, 'edition', 'refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Nothing was reserved.
    expect((await launchBySlug(app, SLUG)).remaining_inscriptions).toBe(EDITIONS - MINTED);
  }, 60_000);
});
