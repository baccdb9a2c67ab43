import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ICON_INVALID_TYPE,
  ICON_MAX_BYTES,
  ICON_REQUIRED,
  ICON_TOO_BIG_DIMENSIONS,
  ICON_TOO_LARGE,
  NOT_AUTHENTICATED,
} from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gif, jpeg, png, WEBP_1X1 } from '../src/features/storage/icon-image.fixtures.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, newTrader, type Trader } from './helpers/trading.ts';

// product.md#collection-form, product.md#wizard-screens, #records, #constants-and-limits: a
// creator uploads the collection icon; the server checks it by its bytes (type, size, dimensions),
// keeps it under STORAGE_DIR/{userId}/{sha256}.{ext} and serves it back at the URL it answered,
// with headers that let it be nothing but an image.

const CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const CACHE = 'public, max-age=31536000, immutable';

type Part = { name: string; filename?: string; contentType?: string; body: Uint8Array | string };

/** A multipart/form-data body written by hand, as a browser's FormData sends it. */
function form(parts: readonly Part[]) {
  const boundary = `----om-test-${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`;
    return [Buffer.from(head), Buffer.from(part.body), Buffer.from('\r\n')];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const icon = (body: Uint8Array, filename = 'icon.png', contentType = 'image/png'): Part => ({
  name: 'file',
  filename,
  contentType,
  body,
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('collection icon storage on %s', (kind) => {
  let t: TestApp;
  let storageDir: string;
  let alice: Trader;
  let aliceId: string;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-uploads-'));
    t = await startTestApp(kind, node, {
      STORAGE_DIR: storageDir,
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    alice = await newTrader(t);
    aliceId = (await api(t, 'GET', '/api/auth/me', undefined, alice.token)).body.payload.userId;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  /** Uploads as Alice unless another token, or null for nobody, is given. */
  async function upload(parts: readonly Part[], token: string | null = alice.token) {
    const body = form(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/launchpad/upload-icon',
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    return { status: res.statusCode, body: res.json() };
  }

  const fetchUpload = (url: string) => t.app.inject({ method: 'GET', url });
  const filesOf = (userId: string) =>
    fs.existsSync(path.join(storageDir, userId))
      ? fs.readdirSync(path.join(storageDir, userId))
      : [];
  const refused = (msg: string) => ({
    success: false,
    error: msg,
    errors: [{ msg, path: 'file' }],
  });

  it.each([
    ['a PNG', png(40, 30), 'png', 'image/png'],
    ['a JPEG', jpeg(64, 48), 'jpg', 'image/jpeg'],
    ['a GIF', gif(1, 1), 'gif', 'image/gif'],
    ['a WebP', WEBP_1X1, 'webp', 'image/webp'],
  ])('stores %s under the user and serves it back byte for byte', async (_n, bytes, ext, type) => {
    const res = await upload([icon(bytes, `my icon.${ext}`, type)]);

    const url = `/uploads/${aliceId}/${sha256(bytes)}.${ext}`;
    expect(res).toEqual({ status: 200, body: { success: true, payload: { url } } });
    const onDisk = path.join(storageDir, aliceId, `${sha256(bytes)}.${ext}`);
    expect(Buffer.compare(fs.readFileSync(onDisk), bytes)).toBe(0);
    const served = await fetchUpload(url);
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe(CSP);
    expect(served.headers['cache-control']).toBe(CACHE);
  });

  it('gives the same bytes the same URL, in each uploader own folder, leaving no temp file', async () => {
    const bytes = png(12, 12);
    const url = `/uploads/${aliceId}/${sha256(bytes)}.png`;
    const first = await upload([icon(bytes)]);
    const again = await upload([icon(bytes, 'renamed.png')]);
    expect(first.body.payload.url).toBe(url);
    expect(again.body.payload.url).toBe(url);
    expect(filesOf(aliceId).filter((f) => f.startsWith(sha256(bytes)))).toEqual([
      `${sha256(bytes)}.png`,
    ]);
    expect(filesOf(aliceId).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const bob = await newTrader(t);
    const bobId = (await api(t, 'GET', '/api/auth/me', undefined, bob.token)).body.payload.userId;
    const bobs = await upload([icon(bytes)], bob.token);
    expect(bobs.body.payload.url).toBe(`/uploads/${bobId}/${sha256(bytes)}.png`);
    expect(bobId).not.toBe(aliceId);
  });

  it('keeps a PNG named .jpg as a .png: the bytes decide, not the name or the sent type', async () => {
    const bytes = png(20, 20);
    const res = await upload([icon(bytes, 'photo.jpg', 'image/jpeg')]);

    const url = `/uploads/${aliceId}/${sha256(bytes)}.png`;
    expect(res.body).toEqual({ success: true, payload: { url } });
    expect((await fetchUpload(url)).headers['content-type']).toBe('image/png');
  });

  it('accepts exactly 1 MB and 1000x1000 pixels', async () => {
    const atSize = png(4, 4, ICON_MAX_BYTES);
    expect(atSize.length).toBe(ICON_MAX_BYTES);
    expect((await upload([icon(atSize)])).status).toBe(200);
    expect((await upload([icon(png(1000, 1000))])).status).toBe(200);
  });

  it.each([
    ['text named icon.png', Buffer.from('this is not an image'), ICON_INVALID_TYPE],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), ICON_INVALID_TYPE],
    ['a PNG one byte over 1 MB', png(4, 4, ICON_MAX_BYTES + 1), ICON_TOO_LARGE],
    ['a 3 MB PNG', png(4, 4, 3 * ICON_MAX_BYTES), ICON_TOO_LARGE],
    ['a PNG 1001 pixels wide', png(1001, 1), ICON_TOO_BIG_DIMENSIONS],
    ['a JPEG 1008 pixels wide', jpeg(1008, 8), ICON_TOO_BIG_DIMENSIONS],
    ['a GIF 1001 pixels high', gif(5, 1001), ICON_TOO_BIG_DIMENSIONS],
  ])('refuses %s with the spec message and stores nothing', async (_n, bytes, msg) => {
    const before = filesOf(aliceId);
    const res = await upload([icon(bytes, 'icon.png', 'image/png')]);

    expect(res).toEqual({ status: 400, body: refused(msg) });
    expect(filesOf(aliceId)).toEqual(before);
  });

  it('asks for a file when the form has none, or an empty one', async () => {
    const noFile = await upload([{ name: 'note', body: 'hello' }]);
    expect(noFile).toEqual({ status: 400, body: refused(ICON_REQUIRED) });
    const emptyFile = await upload([icon(new Uint8Array(), '', 'application/octet-stream')]);
    expect(emptyFile).toEqual({ status: 400, body: refused(ICON_REQUIRED) });
  });

  it('names the problem with a form that is not one icon in "file"', async () => {
    const wrongField = await upload([{ ...icon(png(2, 2)), name: 'image' }]);
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.errors[0].msg).toBe(
      'The thumbnail must be sent in the form field "file", not "image".',
    );

    const twoFiles = await upload([icon(png(2, 2)), icon(png(3, 3))]);
    expect(twoFiles.status).toBe(400);
    expect(twoFiles.body.errors[0].msg).toBe(
      'Send one file only: the thumbnail, in the form field "file".',
    );

    const fields = Array.from({ length: 9 }, (_, i) => ({ name: `field${i}`, body: 'x' }));
    const tooManyFields = await upload([...fields, icon(png(2, 2))]);
    expect(tooManyFields.status).toBe(400);
    expect(tooManyFields.body.errors[0].msg).toBe(
      'Too many form fields: send only the thumbnail, in the form field "file".',
    );

    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/launchpad/upload-icon',
      payload: form([icon(png(2, 2))]).payload,
      headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${alice.token}` },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().errors[0].msg).toBe(
      'The upload is not valid multipart/form-data: Multipart: Boundary not found.',
    );

    const json = await api(t, 'POST', '/api/launchpad/upload-icon', { file: 'x' }, alice.token);
    expect(json).toEqual({
      status: 400,
      body: refused('Send the thumbnail as multipart/form-data, in the form field "file".'),
    });
  });

  it('refuses an upload without sign-in (401) and stores nothing', async () => {
    const before = fs.readdirSync(storageDir);
    const res = await upload([icon(png(7, 7))], null);

    expect(res).toEqual({
      status: 401,
      body: { success: false, error: NOT_AUTHENTICATED, errors: [{ msg: NOT_AUTHENTICATED }] },
    });
    expect(fs.readdirSync(storageDir)).toEqual(before);
  });

  it('serves nothing but stored files: traversal and look-alikes are 404', async () => {
    const bytes = png(9, 9);
    const sha = sha256(bytes);
    expect((await upload([icon(bytes)])).status).toBe(200);
    // Files that are in the storage folder or next to it, but are not stored icons.
    fs.writeFileSync(path.join(storageDir, aliceId, 'secret.txt'), 'secret');
    fs.writeFileSync(path.join(storageDir, aliceId, `.${sha}.png.0123.tmp`), bytes);
    fs.writeFileSync(path.join(storageDir, `${sha}.png`), bytes);

    for (const url of [
      '/uploads/../../../../etc/passwd',
      `/uploads/${aliceId}/..%2F..%2F..%2F..%2Fetc%2Fpasswd`,
      `/uploads/%2e%2e/%2e%2e%2F%2e%2e%2Fetc%2Fpasswd`,
      `/uploads/${aliceId}/%2e%2e%2F${sha}.png`,
      `/uploads/..%2F${path.basename(storageDir)}/${sha}.png`,
      `/uploads/${aliceId}/secret.txt`,
      `/uploads/${aliceId}/.${sha}.png.0123.tmp`,
      `/uploads/${aliceId}/${sha.toUpperCase()}.png`,
      `/uploads/${aliceId.toUpperCase()}/${sha}.png`,
      `/uploads/${aliceId}/${sha}.PNG`,
      `/uploads/${aliceId}/${sha}.svg`,
      `/uploads/${aliceId}/${sha}.png/x`,
      `/uploads/${aliceId}/${'0'.repeat(64)}.png`,
      `/uploads/${aliceId}`,
      '/uploads/',
      '/uploads',
    ]) {
      const res = await fetchUpload(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().success, url).toBe(false);
    }
    // A NUL byte is refused before any route looks at the path (product.md#trust-findings finding
    // 8).
    const nul = await fetchUpload(`/uploads/${aliceId}/${sha}.png%00.txt`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toMatch(/: must not contain a NUL byte$/);
    expect((await fetchUpload(`/uploads/${aliceId}/${sha}.png`)).statusCode).toBe(200);
  });
});
