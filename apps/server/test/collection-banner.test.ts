import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NOT_AUTHENTICATED } from '@om/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gif, jpeg, png } from '../src/features/storage/icon-image.fixtures.ts';
import { ownershipSignature } from './helpers/editions.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';
import { api, inscribeTo, newTrader, type Trader } from './helpers/trading.ts';

// product.md#spec-gaps: a creator uploads a collection banner (core's bannerFileError over the
// file's bytes: PNG, JPEG or WebP, at most 2 MiB, 1500x500 or near square of at least 400x400), and
// a launch made with its URL shows it as the collection's bannerImage.

const SHAPE = 'Banner should be at least 400x400 pixels and close to a square shape.';
const WRONG_TYPE = 'Banner must be a PNG, JPEG or WebP file.';

/** A multipart/form-data body written by hand, as a browser's FormData sends it. */
function form(file: Uint8Array, field = 'file') {
  const boundary = `----om-test-${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="banner.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const refused = (msg: string) => ({
  status: 400,
  body: { success: false, error: msg, errors: [{ msg, path: 'file' }] },
});

/** An edition launch's body (as helpers/editions.ts sends it) with a banner in its info. */
function editionBody(creator: Trader, originalId: string, slug: string, banner: string) {
  const info = {
    name: `Edition ${slug}`,
    slug,
    description: 'Editions of one inscription, minted on demand',
    creator_name: 'Editor',
    creator_email: 'editor@example.com',
    creator_btc_address: creator.payment.address,
    icon: `/content/${originalId}`,
    banner,
  };
  return {
    editionInscriptionId: originalId,
    makerPaymentAddress: creator.payment.address,
    numberOfEditions: 5,
    slug,
    startDate: null,
    endDate: Math.floor(Date.now() / 1000) + 86_400,
    price: '10000',
    signature: ownershipSignature(creator, originalId),
    metaData: { ...info, hide_progress: false },
    meta: { name: info.name, slug, description: info.description },
  };
}

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('collection banner on %s', (kind) => {
  let t: TestApp;
  let storageDir: string;
  let alice: Trader;
  let aliceId: string;

  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'om-banners-'));
    t = await startTestApp(kind, node, {
      STORAGE_DIR: storageDir,
      WRITE_RATE_LIMIT_PER_MINUTE: '10000',
    });
    await t.sync();
    alice = await newTrader(t);
    aliceId = (await api(t, 'GET', '/api/auth/me', undefined, alice.token)).body.payload.userId;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  async function upload(file: Uint8Array, token: string | null = alice.token, field = 'file') {
    const body = form(file, field);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/launchpad/upload-banner',
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    return { status: res.statusCode, body: res.json() };
  }

  it.each([
    ['a 1500x500 PNG', png(1500, 500), 'png'],
    ['a near-square 400x450 JPEG', jpeg(400, 448), 'jpg'],
    ['a 1500x500 PNG of exactly 2 MiB', png(1500, 500, 2_097_152), 'png'],
  ])('stores %s under the user and serves it back', async (_name, bytes, ext) => {
    const url = `/uploads/${aliceId}/${sha256(bytes)}.${ext}`;
    expect(await upload(bytes)).toEqual({ status: 200, body: { success: true, payload: { url } } });
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
  });

  it.each([
    ['a GIF (an icon type, not a banner one)', gif(1500, 500), WRONG_TYPE],
    ['text named banner.png', Buffer.from('not an image at all'), WRONG_TYPE],
    ['a PNG of 300x300 (too small)', png(300, 300), SHAPE],
    ['a PNG of 1000x400 (neither 1500x500 nor square)', png(1000, 400), SHAPE],
    ['a PNG over 2 MiB', png(1500, 500, 2_097_153), 'Banner must be smaller than 2 MB.'],
    ['an empty file', new Uint8Array(), 'Banner is required.'],
  ])('refuses %s with a 400 naming the problem', async (_name, bytes, message) => {
    expect(await upload(bytes)).toEqual(refused(message));
  });

  it('names the banner when the form is wrong', async () => {
    const res = await upload(png(1500, 500), alice.token, 'banner');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The banner must be sent in the form field "file", not "banner".');
  });

  it('refuses an upload by nobody signed in', async () => {
    const res = await upload(png(1500, 500), null);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(NOT_AUTHENTICATED);
  });

  it('a launch made with the banner shows it as the collection bannerImage', async () => {
    const banner = (await upload(png(1500, 500))).body.payload.url as string;
    const originalId = (await inscribeTo(node, t, alice.ordinals.address)).id;
    const slug = `bannered-${kind}`;
    const created = await api(
      t,
      'POST',
      '/api/launchpad/editions/create',
      editionBody(alice, originalId, slug, banner),
      alice.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const row = await t.db.kysely
      .selectFrom('collections')
      .select('banner_image')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    expect(row.banner_image).toBe(banner);
    // Collections under review are hidden; a reviewer's approval is what shows it.
    await t.db.kysely
      .updateTable('collections')
      .set({ is_under_review: false })
      .where('slug', '=', slug)
      .execute();
    const res = await api(t, 'GET', `/api/collections/${slug}`);
    expect(res.status).toBe(200);
    expect(res.body.payload.collection.bannerImage).toBe(banner);
  });

  it('refuses a launch whose banner is a third party URL', async () => {
    const originalId = (await inscribeTo(node, t, alice.ordinals.address)).id;
    const res = await api(
      t,
      'POST',
      '/api/launchpad/editions/create',
      editionBody(alice, originalId, `elsewhere-${kind}`, 'https://evil.example.com/b.png'),
      alice.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'metaData.banner: must be an image uploaded here (/uploads/…) or an inscription (/content/{inscriptionId})',
    );
  });
});
