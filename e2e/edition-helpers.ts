import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ARTIFACTS_DIR, type RunningApp } from './harness.ts';
import { gradientPng } from './launch-helpers.ts';
import { apiGet, reviewValue, type Details } from './trade-helpers.ts';

// What the edition and onboarding stories share besides the launch and trading helpers: the
// wizard's common steps, the edition mint page, and what the API says about the outcome.

/** The wizard's current step, by its level-2 heading. */
export const stepHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();

export const clickNext = (page: Page) =>
  page.getByRole('button', { name: 'Next', exact: true }).click();

/** /launchpad: Get Started → 'Create a new launch' → the type's card, on to its first step. */
export async function startNewLaunch(
  page: Page,
  baseUrl: string,
  type: 'Pre Inscribe' | 'Edition' | 'Auction',
): Promise<void> {
  await page.goto(`${baseUrl}/launchpad`);
  await stepHeading(page, 'Get Started');
  await page.getByRole('radio', { name: /^Create a new launch/ }).check();
  await clickNext(page);
  await page.getByRole('radio', { name: new RegExp(`^${type}`) }).check();
  await clickNext(page);
}

/**
 * Submit Information / Provide Details: the collection information with its icon; the slug
 * follows the name and the creator's BTC address is the connected wallet's. Answers once Next
 * can be clicked.
 */
export async function fillCollectionInfo(
  page: Page,
  info: { name: string; slug: string; description: string; paymentAddress: string },
): Promise<void> {
  await page.getByLabel('Collection name').fill(info.name);
  await expect.poll(() => page.getByLabel('Slug').inputValue()).toBe(info.slug);
  await page.getByLabel('Description').fill(info.description);
  await page.getByLabel('Collection icon').setInputFiles({
    name: 'icon.png',
    mimeType: 'image/png',
    buffer: gradientPng(64),
  });
  await page.getByRole('img', { name: 'Collection icon' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Creator name').fill('Story Creator');
  await page.getByLabel('Creator email').fill('creator@example.com');
  await page.getByLabel('Creator email').blur();
  expect(await page.getByLabel('Creator BTC address').inputValue()).toBe(info.paymentAddress);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await expect.poll(() => next.isEnabled(), { timeout: 20_000 }).toBe(true);
}

/**
 * The three terms of the last step (product.md#wizard-screens "Sign step"), all required to
 * submit.
 */
export async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Terms and conditions' }).waitFor();
  for (const term of [
    'I own the intellectual property rights to this collection, or have the right to launch it.',
    'This collection contains no illegal or NSFW content.',
    'The provider is not liable for this collection and may remove it at any time.',
  ]) {
    await page.getByRole('checkbox', { name: term }).check();
  }
}

/** 'YYYY-MM-DDTHH:MM' in the browser's time zone, as a datetime-local input takes it. */
export function localDateTimeInput(page: Page, ms: number): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    return `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, ms);
}

// ── The edition mint page ───────────────────────────────────────────────────────────────────

/** /mint/{slug}'s edition panel once the launch has loaded. */
export async function openEditionMintPage(
  page: Page,
  app: RunningApp,
  slug: string,
): Promise<Locator> {
  await page.goto(`${app.baseUrl}/mint/${slug}`);
  const panel = page.getByRole('region', { name: 'Mint', exact: true });
  await panel.getByRole('heading', { name: 'Mint editions' }).waitFor();
  return panel;
}

/** 'Remaining editions' as the panel prints it: '5 of 5'. */
export const remainingEditions = (panel: Locator) =>
  reviewValue(panel, 'Remaining editions').textContent();

// ── The API ─────────────────────────────────────────────────────────────────────────────────

/** The inscription details with what an edition is: a delegate of its original. */
export type InscriptionDetails = Details & { delegate: string | null; contentType: string | null };

export const inscriptionDetails = (app: RunningApp, id: string) =>
  apiGet<InscriptionDetails>(app, `/api/shared/inscriptions/details/${id}`);

export type EditionOrder = {
  orderId: string;
  status: string;
  mintCount: number;
  takerOrdinalAddress: string;
  commitTxId: string | null;
  revealTxId: string | null;
  inscriptionIds: string[];
};

export const editionOrder = (app: RunningApp, orderId: string) =>
  apiGet<EditionOrder>(app, `/api/launchpad/editions/order/${orderId}`);

/** The launch as /mint/{slug} reads it. */
export type PublicEditionLaunch = {
  id: string;
  slug: string;
  status: string;
  launchpad_type: string;
  total_inscriptions: number;
  remaining_inscriptions: number | null;
  phases: { name: string; price: string }[];
};

export const launchBySlug = (app: RunningApp, slug: string) =>
  apiGet<PublicEditionLaunch>(app, `/api/launchpad/by-slug/${slug}`);

/** The JSON answer of the request `act` sends to `urlEnd`; a failed one throws with its body. */
export async function answerTo<T>(
  page: Page,
  urlEnd: string,
  act: () => Promise<void>,
): Promise<T> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(urlEnd), { timeout: 30_000 }),
    act(),
  ]);
  const text = await response.text();
  if (!response.ok()) throw new Error(`${urlEnd} → ${response.status()} ${text}`);
  return (JSON.parse(text) as { payload: T }).payload;
}

/** test-artifacts/{story}-{name}.png, the whole page. */
export async function storyShot(page: Page, story: string, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${story}-${name}.png`), fullPage: true });
}
