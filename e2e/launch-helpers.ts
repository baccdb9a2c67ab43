import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { ARTIFACTS_DIR, type RunningApp } from './harness.ts';
import { apiGet, eventually } from './trade-helpers.ts';

// What the launch story needs besides the trading stories' helpers: an icon, the wizard's local
// dates and times, and the launch as the API reports it.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (8-bit RGB, a diagonal gradient) of `size`×`size` pixels: the browser decodes it and
 * the server reads its type and dimensions from its bytes, so it must be a valid file.
 */
export function gradientPng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3); // each row starts with filter type 0
    for (let x = 0; x < size; x++) {
      rows.writeUInt8((x * 255) / size, row + 1 + x * 3);
      rows.writeUInt8((y * 255) / size, row + 2 + x * 3);
      rows.writeUInt8(0xf7, row + 3 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A moment as the page's date and time inputs take it, in the browser's own time zone. */
export function localDateTime(page: Page, ms: number): Promise<{ date: string; time: string }> {
  return page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
    };
  }, ms);
}

const MINUTE = 60_000;
/** The whole minute at or after `ms`: the inputs take minutes, so a phase ends on one. */
export const nextWholeMinute = (ms: number) => Math.ceil(ms / MINUTE) * MINUTE;
export const wholeMinuteBefore = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

/** Fills a phase card's edit view and marks it Done. */
export async function fillPhase(
  page: Page,
  card: Locator,
  phase: { price: string; allowList?: string; allocation?: string; start: number; end: number },
): Promise<void> {
  await card.getByLabel('Price (BTC)').fill(phase.price);
  if (phase.allocation !== undefined) {
    await card.getByLabel('Allocation per address').fill(phase.allocation);
  }
  if (phase.allowList !== undefined) {
    await card.getByLabel('Allow list', { exact: true }).fill(phase.allowList);
  }
  const start = await localDateTime(page, phase.start);
  const end = await localDateTime(page, phase.end);
  await card.getByLabel('Start date').fill(start.date);
  await card.getByLabel('Start time').fill(start.time);
  await card.getByLabel('End date').fill(end.date);
  await card.getByLabel('End time').fill(end.time);
  await card.getByRole('button', { name: 'Done' }).click();
  await card.getByRole('button', { name: 'Edit' }).waitFor();
}

export type LaunchInfo = {
  id: string;
  slug: string;
  status: string;
  total_inscriptions: number;
  failed_reason: string | null;
  phases: {
    name: string;
    status: string;
    psbts: { id: string; kind: string; status: string; inscription_count: number }[];
  }[];
};

export const launchInfo = (app: RunningApp, id: string) =>
  apiGet<LaunchInfo>(app, `/api/launchpad/info/${id}`);

/** The launch once the worker has prepared its batches (or its failure, said plainly). */
export const preparedLaunch = (app: RunningApp, id: string) =>
  eventually(async () => {
    const info = await launchInfo(app, id);
    expect(info.failed_reason).toBeNull();
    expect(info.status).toBe('pending_psbt_signature');
    return info;
  }, 60_000);

/** The launchpad id in the answer to the Create Launchpad that `act` sends. */
export async function createdLaunchpadId(page: Page, act: () => Promise<void>): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/launchpad/create'), { timeout: 30_000 }),
    act(),
  ]);
  const text = await response.text();
  if (!response.ok()) throw new Error(`Create Launchpad → ${response.status()} ${text}`);
  return (JSON.parse(text) as { payload: { launchpadId: string } }).payload.launchpadId;
}

/** test-artifacts/launch-{name}.png, the whole page. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `launch-${name}.png`), fullPage: true });
}
