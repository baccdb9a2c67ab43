import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerTo,
  clickNext,
  fillCollectionInfo,
  inscriptionDetails,
  stepHeading,
  storyShot,
} from './edition-helpers.ts';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import { inscribeOnNode } from './inscribe.ts';
import {
  ApiFailure,
  apiGet,
  connectDevWallet,
  mineBlock,
  newDevKeys,
  reviewValue,
  settledAt,
  toastsFrom,
  type Trader,
} from './trade-helpers.ts';

// product.md#creator-side's "Submit a live collection" in Chromium against the product on its own
// regtest node: a creator pastes 3 inscriptions they inscribed into the onboard wizard and submits
// them; the collection then exists, under review, with those 3 in it, and is not listed on
// /collections.

const ITEMS = 3;
const run = Date.now().toString(36);
const NAME = `Onboard Story ${run}`;
const SLUG = `onboard-story-${run}`;

let app: RunningApp;
let browser: Browser;
let creator: Trader;
let ids: string[];

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  [app, browser] = await Promise.all([startApp({ SEED_DEMO: 'false' }), launchBrowser()]);
  creator = await connectDevWallet(browser, app, 'creator', newDevKeys('p2wpkh'));
  ids = [];
  for (let i = 0; i < ITEMS; i++) {
    ids.push(
      await inscribeOnNode(
        app.rpc,
        creator.ordinalsAddress,
        'text/plain;charset=utf-8',
        `onboard story item ${i + 1}`,
      ),
    );
  }
  await mineBlock(app);
  for (const id of ids) await settledAt(app, id, creator.ordinalsAddress);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

type OnboardAnswer = { slug: string; status: string; inscriptions: number };

describe('onboarding a live collection', () => {
  it('is submitted in the wizard and kept under review with its 3 inscriptions', async () => {
    const { page } = creator;
    await page.goto(`${app.baseUrl}/launchpad`);
    await stepHeading(page, 'Get Started');
    await page.getByRole('radio', { name: /^Submit a live collection/ }).check();
    await clickNext(page);

    await stepHeading(page, 'Provide Details');
    await fillCollectionInfo(page, {
      name: NAME,
      slug: SLUG,
      description: 'Three live inscriptions brought to the market by the end-to-end story.',
      paymentAddress: creator.paymentAddress,
    });
    await clickNext(page);

    await stepHeading(page, 'Select Items');
    const toasts = await toastsFrom(page);
    await page.getByLabel('Inscriptions', { exact: true }).fill(ids.join('\n'));
    await toasts.next('Inscriptions validated successfully');
    await page.getByText(`${ITEMS} inscriptions ready.`).waitFor();
    await storyShot(page, 'onboard', 'items');
    await clickNext(page);

    // Finalize Submission: what is sent, then Submit.
    await stepHeading(page, 'Submit');
    const submission = page.getByLabel('Submission', { exact: true });
    expect(await reviewValue(submission, 'Collection').textContent()).toBe(NAME);
    expect(await reviewValue(submission, 'Slug').textContent()).toBe(SLUG);
    expect(await reviewValue(submission, 'Inscriptions').textContent()).toBe(String(ITEMS));
    const answer = await answerTo<OnboardAnswer>(page, '/api/collection/onboard', () =>
      page.getByRole('button', { name: 'Submit', exact: true }).click(),
    );
    expect(answer).toEqual({ slug: SLUG, status: 'under_review', inscriptions: ITEMS });

    const submitted = page.getByRole('region', { name: 'Submitted' });
    await submitted.getByText('Your collection has been submitted for review.').waitFor();
    await submitted.getByRole('link', { name: `/collections/${SLUG}` }).waitFor();
    await stepHeading(page, 'View Collection');
    await storyShot(page, 'onboard', 'submitted');

    // Stored: the slug and the name are taken, and each of the 3 is in the collection.
    const slug = await apiGet<{ taken: boolean }>(app, `/api/launchpad/check-slug/${SLUG}`);
    expect(slug.taken).toBe(true);
    const name = await apiGet<{ taken: boolean }>(
      app,
      `/api/launchpad/check-name?name=${encodeURIComponent(NAME)}`,
    );
    expect(name.taken).toBe(true);
    for (const id of ids) {
      expect((await inscriptionDetails(app, id)).collectionSlug).toBe(SLUG);
    }

    // Under review: the API does not show it, and neither does /collections.
    const hidden = await apiGet(app, `/api/collections/${SLUG}`).catch((e: unknown) => e);
    expect(hidden).toBeInstanceOf(ApiFailure);
    expect((hidden as ApiFailure).status).toBe(404);
    expect(JSON.parse((hidden as ApiFailure).body)).toMatchObject({
      success: false,
      error: `Collection ${SLUG} not found.`,
    });
    const listed = await apiGet<{ collections: { slug: string }[]; total: number }>(
      app,
      `/api/collections?search=${encodeURIComponent(NAME)}`,
    );
    expect(listed).toEqual({ collections: [], total: 0 });

    await submitted.getByRole('link', { name: `/collections/${SLUG}` }).click();
    await page.getByText('Collection not found').waitFor();
    await page.goto(`${app.baseUrl}/collections`);
    const collections = page.getByRole('main');
    await collections.getByText(/^\d+ collections?$/).waitFor();
    expect(await collections.getByRole('link', { name: NAME }).count()).toBe(0);
    await page.getByLabel('Search collections').fill(NAME);
    await page.getByText('No collections match').waitFor();
    expect(await collections.getByText('0 collections', { exact: true }).count()).toBe(1);
    await storyShot(page, 'onboard', 'not-listed');
  }, 120_000);
});
