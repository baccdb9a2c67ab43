import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../src/features/storage/icon-image.fixtures.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, newTrader, type Trader } from './helpers/trading.ts';

// product.md#collection-form: "local disk by default, any S3-compatible store when configured".
// s3rver is an S3 API on local disk that knows one access key (S3RVER): the icon must arrive in the
// bucket byte for byte under {userId}/{sha256}.png, with its type and cache headers, and the
// answered URL must be the bucket's public one. A store that refuses (an unknown key) is a clear
// 503, never a 500.

const BUCKET = 'icons';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let node: TestNode;
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

/** A one-file multipart body, as a browser's FormData sends it. */
function form(bytes: Uint8Array) {
  const boundary = '----om-s3-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="icon.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(databaseKinds())('collection icons in an S3-compatible bucket on %s', (kind) => {
  let t: TestApp;
  let refusing: TestApp;
  let alice: Trader;

  beforeAll(async () => {
    const s3Env = {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_URL: `${endpoint}/${BUCKET}`,
    };
    t = await startTestApp(kind, node, { ...s3Env, S3_ACCESS_KEY_ID: 'S3RVER' });
    refusing = await startTestApp(kind, node, { ...s3Env, S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
    alice = await newTrader(t);
  });
  afterAll(async () => {
    await t?.close();
    await refusing?.close();
  });

  async function upload(app: TestApp, token: string, bytes: Uint8Array) {
    const body = form(bytes);
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/launchpad/upload-icon',
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('puts the icon in the bucket under the user and answers its public URL', async () => {
    const userId = (await api(t, 'GET', '/api/auth/me', undefined, alice.token)).body.payload
      .userId;
    const bytes = png(48, 48);
    const res = await upload(t, alice.token, bytes);

    const url = `${endpoint}/${BUCKET}/${userId}/${sha256(bytes)}.png`;
    expect(res).toEqual({ status: 200, body: { success: true, payload: { url } } });
    const stored = await fetch(url);
    expect(stored.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await stored.arrayBuffer()), bytes)).toBe(0);
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(stored.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The app serves no uploads of its own then.
    const local = await t.app.inject({ method: 'GET', url: `/uploads/${userId}/x.png` });
    expect(local.statusCode).toBe(404);
  });

  it('answers a clear 503 when the store refuses the key, and stores nothing', async () => {
    const bob = await newTrader(refusing);
    const bytes = png(50, 50);
    const res = await upload(refusing, bob.token, bytes);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Error uploading image: the image store answered HTTP 403',
    });
    const listing = await (await fetch(`${endpoint}/${BUCKET}?list-type=2`)).text();
    expect(listing).not.toContain(sha256(bytes));
  });
});
