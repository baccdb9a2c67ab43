import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser, startApp, type RunningApp } from './harness.ts';
import { inscribeOnNode } from './inscribe.ts';
import { ISOLATION_PROBE_HTML, checkerboardPng, toneWav, triangleGltf } from './media-samples.ts';

let app: RunningApp;
let browser: Browser;
const ids: Record<string, string> = {};

/** One inscription of every kind the viewer knows, inscribed in one block on the app's node. */
const SAMPLES: [
  kind: string,
  contentType: string,
  body: () => Promise<Uint8Array | string> | Uint8Array | string,
][] = [
  [
    'svg',
    'image/svg+xml',
    () =>
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#f7931a"/></svg>',
  ],
  ['html', 'text/html;charset=utf-8', () => ISOLATION_PROBE_HTML],
  ['png', 'image/png', () => checkerboardPng()],
  [
    'gif',
    'image/gif',
    () => Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
  ],
  ['json', 'application/json', () => '{"p":"brc-20","op":"deploy","tick":"ordi"}'],
  ['text', 'text/plain;charset=utf-8', () => 'gm from regtest'],
  ['gltf', 'model/gltf+json', () => triangleGltf()],
  ['audio', 'audio/wav', () => toneWav()],
  ['video', 'video/webm', () => recordWebm()],
  ['unknown', 'application/x-mystery', () => 'opaque bytes'],
];

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const owner = await app.rpc.forWallet('faucet').getNewAddress('bech32m');
  for (const [kind, contentType, body] of SAMPLES)
    ids[kind] = await inscribeOnNode(app.rpc, owner, contentType, await body());
  await app.rpc.generateToAddress(1, owner);
  // The app's indexer picks the block up by itself.
  for (const id of Object.values(ids)) await waitUntilIndexed(id);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function waitUntilIndexed(id: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while ((await fetch(`${app.baseUrl}/api/shared/inscriptions/details/${id}`)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`${id} was not indexed within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A short VP8 clip recorded by Chromium itself from a canvas: no media files in the repository. */
async function recordWebm(): Promise<Uint8Array> {
  const page = await browser.newPage();
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const ctx = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(10), {
      mimeType: 'video/webm;codecs=vp8',
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 10; frame++) {
      ctx.fillStyle = frame % 2 ? '#f7931a' : '#111';
      ctx.fillRect(0, 0, 64, 64);
      await new Promise((r) => setTimeout(r, 100));
    }
    recorder.stop();
    await done;
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  await page.close();
  return Uint8Array.from(bytes);
}

async function openInscription(kind: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${app.baseUrl}/inscriptions/${ids[kind]}`);
  await page.getByRole('figure', { name: 'Inscription content' }).waitFor();
  return page;
}

async function shoot(page: Page, kind: string) {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `viewer-${kind}.png`) });
  await page.close();
}

describe('the inscription viewer, on real inscriptions', () => {
  it.each(['png', 'gif'])('shows a %s image, upscaled pixelated', async (kind) => {
    const page = await openInscription(kind);
    const image = page.getByRole('img', { name: `Inscription ${ids[kind]}` });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await image.evaluate((img) => getComputedStyle(img).imageRendering)).toBe('pixelated');
    await shoot(page, kind);
  });

  it('shows SVG in a sandboxed iframe', async () => {
    const page = await openInscription('svg');
    const frame = page.locator(`iframe[title="Inscription ${ids.svg}"]`);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    await page.frameLocator(`iframe[title="Inscription ${ids.svg}"]`).locator('circle').waitFor();
    await shoot(page, 'svg');
  });

  it('runs HTML only in an opaque origin, in the page and when opened directly', async () => {
    const page = await openInscription('html');
    expect(await page.locator('iframe').first().getAttribute('sandbox')).toBe('allow-scripts');
    const probe = page.frameLocator('iframe').first().locator('#probe');
    await expect.poll(() => probe.textContent()).toBe('isolated without storage (origin null)');
    await shoot(page, 'html');

    const direct = await browser.newPage();
    await direct.goto(`${app.baseUrl}/content/${ids.html}`);
    await expect
      .poll(() => direct.locator('#probe').textContent())
      .toBe('top-level without storage (origin null)');
    await direct.close();
  });

  it('shows text, and JSON pretty-printed', async () => {
    const text = await openInscription('text');
    await text
      .getByRole('region', { name: 'Inscription text' })
      .getByText('gm from regtest')
      .waitFor();
    await shoot(text, 'text');
    const json = await openInscription('json');
    const region = json.getByRole('region', { name: 'Inscription text' });
    await expect.poll(() => region.textContent()).toContain('"tick": "ordi"');
    await shoot(json, 'json');
  });

  it('shows a glTF model in model-viewer once it has loaded', async () => {
    const page = await openInscription('gltf');
    const viewer = page.locator('model-viewer');
    await viewer.waitFor();
    expect(await viewer.getAttribute('auto-rotate')).not.toBeNull();
    await expect
      .poll(() => viewer.evaluate((el) => (el as HTMLElement & { loaded?: boolean }).loaded), {
        timeout: 20_000,
      })
      .toBe(true);
    await shoot(page, 'gltf');
  });

  it('plays video muted and looping, and audio with controls', async () => {
    const video = await openInscription('video');
    const el = video.locator('video');
    expect(await el.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.autoplay])).toEqual([
      true,
      true,
      true,
    ]);
    await expect.poll(() => el.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    await shoot(video, 'video');
    const audio = await openInscription('audio');
    const a = audio.locator('audio');
    expect(await a.evaluate((x: HTMLAudioElement) => x.controls)).toBe(true);
    await expect.poll(() => a.evaluate((x: HTMLAudioElement) => x.duration)).toBeCloseTo(0.5, 1);
    await shoot(audio, 'audio');
  });

  it('says an unknown type is not supported yet', async () => {
    const page = await openInscription('unknown');
    await page.getByText('Content type application/x-mystery is not supported yet').waitFor();
    await shoot(page, 'unknown');
  });

  it('shows the details and copies to the clipboard with the spec message', async () => {
    const page = await openInscription('png');
    await page.getByText(`${ids.png!.slice(0, 64)}:0:0`).waitFor();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await page.getByText('Content successfully copied to clipboard.').waitFor();
    await shoot(page, 'details');
  });
});
