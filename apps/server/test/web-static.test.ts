import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from '../src/http/web-static.ts';

// product.md#scale-and-delivery, web delivery: the built app goes out precompressed, hashed assets
// are cached for good and index.html (also as every client-side route) is revalidated with its
// ETag.

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

describe('modulepreload of the route asked', () => {
  const ROUTE_INDEX = '<!doctype html><html><head><title>x</title></head><body></body></html>';
  const MANIFEST = {
    'index.html': { file: 'assets/index-E1.js', isEntry: true },
    'src/features/collections/collection-page.tsx': {
      file: 'assets/collection-page-C1.js',
      imports: ['index.html', '_format-F1.js'],
    },
    '_format-F1.js': { file: 'assets/format-F1.js' },
  };
  let routeDist: string;
  let routeApp: FastifyInstance;
  let routePlainApp: FastifyInstance;

  beforeAll(async () => {
    routeDist = fs.mkdtempSync(path.join(os.tmpdir(), 'om-web-static-routes-'));
    fs.mkdirSync(path.join(routeDist, '.vite'));
    fs.writeFileSync(path.join(routeDist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(routeDist, 'index.html'), ROUTE_INDEX);
    fs.writeFileSync(path.join(routeDist, 'index.html.br'), zlib.brotliCompressSync(ROUTE_INDEX));
    const routeWebApp = async (plain: boolean) => {
      const instance = Fastify();
      await serveWebApp(instance, routeDist, { plain });
      await instance.ready();
      return instance;
    };
    [routeApp, routePlainApp] = await Promise.all([routeWebApp(false), routeWebApp(true)]);
  });

  afterAll(async () => {
    await Promise.all([routeApp.close(), routePlainApp.close()]);
    fs.rmSync(routeDist, { recursive: true, force: true });
  });

  const getRoute = (url: string, headers: Record<string, string> = {}) =>
    routeApp.inject({ method: 'GET', url, headers });
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("preloads a lazy route's chunks in its index.html, in each encoding", async () => {
    const br = await getRoute('/collections/block-punks?period=7%20days', {
      'accept-encoding': 'gzip, br',
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toBe('Accept-Encoding');
    const html = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(preloads(html)).toEqual(['/assets/collection-page-C1.js', '/assets/format-F1.js']);
    expect(html.replace(/<link[^>]+>\s*/g, '').replace(/\s+<\/head>/, '</head>')).toBe(ROUTE_INDEX);

    const gz = await getRoute('/collections/block-punks', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await getRoute('/collections/block-punks', { 'accept-encoding': 'br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(html);
  });

  it('gives each variant its own ETag and answers 304 to it', async () => {
    const route = await getRoute('/collections/block-punks', { 'accept-encoding': 'br' });
    const index = await getRoute('/nowhere', { 'accept-encoding': 'br' });
    const gz = await getRoute('/collections/block-punks', { 'accept-encoding': 'gzip' });
    const etag = String(route.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Set([etag, index.headers.etag, gz.headers.etag]).size).toBe(3);

    const again = await getRoute('/collections/other', {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const stale = await getRoute('/collections/other', {
      'accept-encoding': 'br',
      'if-none-match': String(index.headers.etag),
    });
    expect(stale.statusCode).toBe(200);
  });

  it('adds nothing to a path outside the table or a route the build lacks, or in WEB_STATIC_PLAIN', async () => {
    const index = await getRoute('/nowhere', { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(index.rawPayload).toString()).toBe(ROUTE_INDEX);
    const missing = await getRoute('/launches', { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(missing.rawPayload).toString()).toBe(ROUTE_INDEX);
    const plain = await routePlainApp.inject({ method: 'GET', url: '/collections/block-punks' });
    expect(plain.payload).toBe(ROUTE_INDEX);
  });
});
