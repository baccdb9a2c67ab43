import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptTerms,
  answerTo,
  clickNext,
  fillCollectionInfo,
  localDateTimeInput,
  startNewLaunch,
  stepHeading,
  storyShot,
} from './edition-helpers.ts';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import { inscribeOnNode } from './inscribe.ts';
import { wholeMinuteBefore } from './launch-helpers.ts';
import {
  apiGet,
  connectDevWallet,
  devAddresses,
  mineBlock,
  newDevKeys,
  settledAt,
  toastsFrom,
  type Trader,
} from './trade-helpers.ts';

// ADR 019's review queue in Chromium (ADR 019): a creator launches an edition, live at once, and
// is told so on the Submitted screen; a reviewer (REVIEWER_ADDRESSES) finds it on /review with its
// content and creator and takes it down with a reason; the creator reads that reason beside the
// launch under 'Your launches', and the launch reports it as its failed_reason.

const run = Date.now().toString(36);
const NAME = `Reviewed Story ${run}`;
const SLUG = `reviewed-story-${run}`;
const REASON = 'The original belongs to another artist.';

let app: RunningApp;
let browser: Browser;
let creator: Trader;
let reviewer: Trader;
let originalId: string;
let launchpadId: string | undefined;

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const reviewerKeys = newDevKeys('p2wpkh');
  const { paymentAddress, ordinalsAddress } = devAddresses(reviewerKeys);
  [app, browser] = await Promise.all([
    startApp({ SEED_DEMO: 'false', REVIEWER_ADDRESSES: `${paymentAddress},${ordinalsAddress}` }),
    launchBrowser(),
  ]);
  [creator, reviewer] = await Promise.all([
    connectDevWallet(browser, app, 'creator', newDevKeys('p2wpkh')),
    connectDevWallet(browser, app, 'reviewer', reviewerKeys),
  ]);
  originalId = await inscribeOnNode(
    app.rpc,
    creator.ordinalsAddress,
    'text/plain;charset=utf-8',
    `the review story's original ${run}`,
  );
  await mineBlock(app);
  await settledAt(app, originalId, creator.ordinalsAddress);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the review queue', () => {
  it('a creator launches an edition, live at once, and is told a reviewer may take it down', async () => {
    const { page } = creator;
    await startNewLaunch(page, app.baseUrl, 'Edition');
    await stepHeading(page, 'Submit Information');
    await fillCollectionInfo(page, {
      name: NAME,
      slug: SLUG,
      description: 'An edition a reviewer takes down in the end-to-end story.',
      paymentAddress: creator.paymentAddress,
    });
    await clickNext(page);

    await stepHeading(page, 'Choose Original');
    await page.getByLabel('Inscription ID').fill(originalId);
    await page
      .getByRole('status')
      .filter({ hasText: 'This inscription is in your wallet.' })
      .waitFor();
    await page.getByLabel('Number of editions').fill('3');
    await page.getByLabel('Price (BTC)').fill('0.0001');
    const now = Date.now();
    await page
      .getByLabel('Start date')
      .fill(await localDateTimeInput(page, wholeMinuteBefore(now)));
    await page.getByLabel('End date').fill(await localDateTimeInput(page, now + 86_400_000));
    await page.getByLabel('End date').blur();
    await page.getByRole('button', { name: 'Sign Inscription' }).click();
    await page.getByRole('button', { name: 'Complete', exact: true }).waitFor();
    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect.poll(() => next.isEnabled(), { timeout: 20_000 }).toBe(true);
    await clickNext(page);

    await stepHeading(page, 'Submit');
    await acceptTerms(page);
    const created = await answerTo<{ id: string }>(page, '/api/launchpad/editions/create', () =>
      page.getByRole('button', { name: 'Submit', exact: true }).click(),
    );
    launchpadId = created.id;
    const submitted = page.getByRole('region', { name: 'Submitted' });
    // The spec's sentence stays; the next one says what really happens (ADR 019).
    await submitted.getByText('Your edition has been submitted for review.').waitFor();
    await submitted
      .getByText('It is live now. A reviewer may still take it down; you would be told why.')
      .waitFor();
    await storyShot(page, 'review', 'submitted');

    // The creator is no reviewer.
    await page.goto(`${app.baseUrl}/review`);
    await page.getByText('Only reviewers can review submissions').waitFor();
  }, 120_000);

  it('a reviewer takes it down with a reason, and the creator reads the reason', async () => {
    if (!launchpadId) throw new Error('no launch to review: it was not created');
    const { page } = reviewer;
    await page.goto(`${app.baseUrl}/review`);
    const card = page.getByRole('article', { name: `Edition ${NAME}` });
    await card.waitFor();
    await card.getByText(creator.paymentAddress).first().waitFor();
    expect(await card.locator('iframe').first().getAttribute('src')).toBe(`/content/${originalId}`);
    await card.getByLabel('Reason (the creator reads it)').fill(REASON);
    await storyShot(page, 'review', 'queue');
    const toasts = await toastsFrom(page);
    await card.getByRole('button', { name: 'Reject' }).click();
    await toasts.next(`${NAME} taken down.`);
    await page.getByText('Nothing to review').waitFor();

    const info = await apiGet<{ status: string; failed_reason: string | null }>(
      app,
      `/api/launchpad/info/${launchpadId}`,
    );
    expect(info).toMatchObject({ status: 'failed', failed_reason: REASON });

    const creatorPage = creator.page;
    await creatorPage.goto(`${app.baseUrl}/launchpad`);
    const mine = creatorPage.getByRole('region', { name: 'Your launches' });
    const row = mine.getByRole('listitem').filter({ hasText: NAME });
    await row.getByText(REASON).waitFor();
    expect(await row.textContent()).toContain('Failed');
    await storyShot(creatorPage, 'review', 'creator-reads-reason');
  }, 120_000);
});
