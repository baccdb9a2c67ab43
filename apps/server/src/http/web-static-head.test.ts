import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bannerUrl,
  collectionHeadHtml,
  escapeAttribute,
  inlineJson,
  withHead,
  type CollectionHead,
} from './web-static-head.ts';
import { serveWebApp } from './web-static.ts';

const BANNER = `/content/${'ab'.repeat(32)}i0`;
const hostile = '</script><script>alert("x")</script>\'&<!--';

const head = (
  collection: Partial<CollectionHead['payload']['collection']> & { name?: string },
) => ({
  slug: 'block-punks',
  readAt: 1_700_000_000_000,
  payload: { collection: { bannerImage: BANNER, icon: null, ...collection }, stats: { listed: 3 } },
});

/** The inlined JSON of `html`, as the browser's parser would cut it and JSON.parse read it. */
function seedOf(html: string): unknown {
  const match = /<script type="application\/json" id="collection-detail">(.*?)<\/script>/s.exec(
    html,
  );
  return match ? JSON.parse(match[1]!) : undefined;
}

describe('collectionHeadHtml', () => {
  it('preloads the banner at high priority and inlines the detail with its read time', () => {
    const html = collectionHeadHtml(head({}), '');
    expect(html).toContain(`<link rel="preload" as="image" href="${BANNER}" fetchpriority="high">`);
    expect(seedOf(html)).toEqual(head({}));
  });

  it('names the banner on the content origin, as the web app does', () => {
    expect(collectionHeadHtml(head({}), 'https://content.example')).toContain(
      `href="https://content.example${BANNER}"`,
    );
  });

  it('keeps a name with </script> and quotes inside the JSON, and reads it back the same', () => {
    const html = collectionHeadHtml(head({ name: hostile }), '');
    // One script element, closed once: nothing in the data can end it or open another.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('<script>');
    expect(seedOf(html)).toEqual(head({ name: hostile }));
  });

  it('preloads no image it would not serve itself (outside URLs, markup), and still inlines', () => {
    for (const bannerImage of [
      `${BANNER}"><script>`,
      'https://evil.example/x.png',
      hostile,
      null,
    ]) {
      const html = collectionHeadHtml(head({ bannerImage }), '');
      expect(html).not.toContain('rel="preload"');
      expect(seedOf(html)).toEqual(head({ bannerImage }));
    }
  });
});

describe('escaping', () => {
  it.each([
    [`a"b'c<d>&e`, 'a&#34;b&#39;c&#60;d&#62;&#38;e'],
    ['/content/abi0', '/content/abi0'],
  ])('escapeAttribute(%j)', (value, escaped) => {
    expect(escapeAttribute(value)).toBe(escaped);
  });

  it('inlineJson escapes what could end a script, and parses back to the value', () => {
    const value = { text: `${hostile}\u2028\u2029>` };
    expect(inlineJson(value)).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inlineJson(value))).toEqual(value);
  });

  it.each([
    [BANNER, '', BANNER],
    [
      `/uploads/icons/${'0'.repeat(64)}.png`,
      'https://c.example',
      `/uploads/icons/${'0'.repeat(64)}.png`,
    ],
    ['/content/../../etc', '', undefined],
    [`${BANNER}?x`, '', undefined],
  ])('bannerUrl(%j, %j) → %j', (value, origin, url) => {
    expect(bannerUrl(value, origin)).toBe(url);
  });

  it('withHead puts the tags before </head>, and nothing for none', () => {
    expect(withHead('<head></head>', '<x>')).toBe('<head>  <x>\n  </head>');
    expect(withHead('<head></head>', '')).toBe('<head></head>');
  });
});

describe('serveWebApp with a page head', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'om-web-head-'));
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<html><head></head><body></body></html>');
  const manifest = {
    'index.html': { file: 'assets/index-E1.js', isEntry: true },
    'src/features/collections/collection-page.tsx': { file: 'assets/collection-page-C1.js' },
  };
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  const served = async (pageHead: (pathname: string) => Promise<string>, url: string) => {
    const app = Fastify();
    await serveWebApp(app, dist, { pageHead });
    const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    await app.close();
    return { res, html: zlib.brotliDecompressSync(res.rawPayload).toString() };
  };

  it("adds the page's head after its chunks, compressed, with an ETag of those bytes", async () => {
    const seen: string[] = [];
    const { res, html } = await served(async (pathname) => {
      seen.push(pathname);
      return pathname === '/collections/a' ? '<meta name="x">' : '';
    }, '/collections/a?tab=activity');
    expect(seen).toEqual(['/collections/a']);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(html).toMatch(/collection-page-C1\.js">\n\s*<meta name="x">\n\s*<\/head>/);
  });

  it('serves the route page as before when the head is empty', async () => {
    const { html } = await served(async () => '', '/collections/a');
    expect(html).toContain('collection-page-C1.js');
    expect(html).not.toContain('<meta');
  });
});
