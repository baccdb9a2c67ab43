import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from './harness.ts';
import { inscribeOnNode } from './inscribe.ts';
import { checkerboardPng, triangleGltf } from './media-samples.ts';

// product.md#trust-findings finding 10: the app runs under its Content-Security-Policy,
// no-framing, nosniff and Referrer-Policy headers, and nothing it does is refused by them.

let app: RunningApp;
let browser: Browser;
const ids: string[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const owner = await app.rpc.forWallet('faucet').getNewAddress('bech32m');
  const samples: [string, string | Uint8Array][] = [
    ['image/png', checkerboardPng()],
    [
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#f7931a"/></svg>',
    ],
    ['text/html;charset=utf-8', '<!doctype html><p style="color:#f7931a">gm</p>'],
    ['text/plain;charset=utf-8', 'gm from regtest'],
    ['model/gltf+json', triangleGltf()],
  ];
  for (const [type, body] of samples) ids.push(await inscribeOnNode(app.rpc, owner, type, body));
  await app.rpc.generateToAddress(1, owner);
  const deadline = Date.now() + 60_000;
  for (const id of ids) {
    while ((await fetch(`${app.baseUrl}/api/shared/inscriptions/details/${id}`)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`${id} was not indexed within 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A page that records every CSP refusal: console errors and securitypolicyviolation events. */
async function watchedPage(): Promise<{ page: Page; refused: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Refused to|Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => refused.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportViolation: (t: string) => void })
        .reportViolation;
      void report(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return { page, refused };
}

describe('the app under its security headers', () => {
  it('answers its pages with the CSP, no framing, nosniff and a Referrer-Policy', async () => {
    const res = await fetch(`${app.baseUrl}/collections`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('connects the Dev wallet and shows pages and inscriptions with nothing refused', async () => {
    const { page, refused } = await watchedPage();
    await page.goto(`${app.baseUrl}/`);
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain('/collections');
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await page
      .getByRole('dialog', { name: 'Connect a wallet' })
      .getByRole('button', { name: 'Dev wallet' })
      .click();
    await page.getByRole('button', { name: /^bcrt1q…/ }).waitFor();

    for (const id of ids) {
      await page.goto(`${app.baseUrl}/inscriptions/${id}`);
      // The live events stream stays open, so 'networkidle' never comes: give the media a moment.
      await page.waitForTimeout(1_500);
    }
    for (const path of ['/collections', '/launchpad', '/wallet', '/profile', '/inscriptions']) {
      await page.goto(`${app.baseUrl}${path}`);
      await page.waitForTimeout(1_000);
    }
    expect(refused).toEqual([]);
  });
});
