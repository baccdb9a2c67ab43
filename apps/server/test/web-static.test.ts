import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from '../src/http/web-static.ts';

// Issue 18, web delivery: the built app goes out precompressed, hashed assets are cached for good
// and index.html (also as every client-side route) is revalidated with its ETag.

const INDEX = '<!doctype html><script type="module" src="/assets/index-AbC123.js"></script>';
const SCRIPT = `export const greeting = ${JSON.stringify('gm '.repeat(2000))};\n`;

let dist: string;
let app: FastifyInstance;
let plainApp: FastifyInstance;

/** A build as apps/web's vite.config.ts writes it: each text file with its .br and .gz. */
function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const files: [string, string][] = [
    ['index.html', INDEX],
    ['assets/index-AbC123.js', SCRIPT],
  ];
  for (const [name, text] of files) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  }
}

async function webApp(plain: boolean): Promise<FastifyInstance> {
  const instance = Fastify();
  instance.get('/api/health', () => ({ ok: true }));
  await serveWebApp(instance, dist, { plain });
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'om-web-static-'));
  writeBuild(dist);
  [app, plainApp] = await Promise.all([webApp(false), webApp(true)]);
});

afterAll(async () => {
  await Promise.all([app.close(), plainApp.close()]);
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('web delivery', () => {
  it('sends the brotli file when the browser takes br, else gzip, else the plain file', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const identity = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.payload).toBe(SCRIPT);
  });

  it('caches hashed assets for a year, immutable', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html and client-side routes, and answers 304 to their ETag', async () => {
    for (const url of ['/', '/index.html', '/collections', '/collections/some-slug']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
      const etag = res.headers.etag;
      expect(etag, url).toEqual(expect.any(String));
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
    }
  });

  it('still answers API misses with a 404, not the app', async () => {
    const res = await get('/api/nothing-here', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'Not found: GET /api/nothing-here' });
  });

  it('WEB_STATIC_PLAIN keeps the old handler: no compression, max-age=0', async () => {
    const res = await plainApp.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=0');
    expect(res.payload).toBe(SCRIPT);
  });
});
