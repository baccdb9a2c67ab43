import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRC20SWAP_PATH, INSCRIPTION_SERVICE_PATH, SWAP_CODES } from '@om/core';
import { appContentSecurityPolicy } from '../src/http/security-headers.ts';
import { fillParams, listRoutes } from './helpers/routes.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

let node: TestNode;
let t: TestApp;
beforeAll(async () => {
  node = await startTestNode();
  t = await startTestApp('pglite', node, { WRITE_RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(async () => {
  await t.close();
  await node.stop();
});

describe('bad requests get a clear 4xx in the envelope, never a 500 or a stack', () => {
  it('malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      headers: { 'content-type': 'application/json' },
      payload: '{"address": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'Request body is not valid JSON.',
      errors: [{ msg: 'Request body is not valid JSON.' }],
    });
  });

  it('an unsupported content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Unsupported content type: send application/json.');
  });

  it('an unknown API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'Not found: GET /api/nope' });
  });

  it('a malformed inscription id on /content', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/content/not-an-id' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe('id: Invalid inscription ID format.');
  });

  it('an unknown inscription on /content', async () => {
    const id = `${'a'.repeat(64)}i0`;
    const res = await t.app.inject({ method: 'GET', url: `/content/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(`Inscription ${id} not found.`);
  });

  it('too many writes from one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev/mine',
        payload: { blocks: 0 },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json().error).toMatch(/^Too many requests: try again in \d+ s\.$/);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

function expectEnvelope(res: { json(): unknown }, msg: string): void {
  expect(res.json()).toEqual({
    success: false,
    error: msg,
    errors: [expect.objectContaining({ msg })],
  });
}

describe('a NUL byte in any string field is a 400 naming the field, never a 500', () => {
  it.each([
    ['/api/launchpad/check-name?name=%00abc', 'name'],
    ['/api/collections?search=%00', 'search'],
    ['/api/listings?maker=%00', 'maker'],
    ['/api/collections/block-punks/inscriptions?trait=Hat%3Acap&trait=Hat%3A%00', 'trait.1'],
    ['/api/launchpad/auctions/%00', 'slug'],
    ['/api/launchpad/check-slug/%00', 'slug'],
    ['/api/launchpad/auctions/check-slug/ab%00c', 'slug'],
    ['/api/activity?collection=%00', 'collection'],
  ])('GET %s', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res, `${field}: must not contain a NUL byte`);
  });

  it('in a JSON body, named by its path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      payload: { address: 'bcrt1q\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res, 'address: must not contain a NUL byte');
  });

  it('on every route, in its path parameters, query and body', async () => {
    const routes = listRoutes(t.app);
    expect(routes.length).toBeGreaterThan(60);
    for (const { method, url } of routes) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: `${fillParams(url, 'x%00')}?probe=%00`,
        ...(method === 'GET' ? {} : { payload: { probe: '\u0000' } }),
      });
      const where = `${method} ${url}`;
      expect(res.statusCode, where).toBeLessThan(500);
      // The inscription service answers refusals in OrdinalsBot's shape (ADR 016), the swap in
      // DotSwap's (ADR 017); the rest in ours.
      const isService = url.startsWith(INSCRIPTION_SERVICE_PATH);
      const isSwap = url.startsWith(BRC20SWAP_PATH);
      expect(res.json(), where).toMatchObject(
        isService
          ? { status: 'error', error: expect.any(String) }
          : isSwap
            ? { code: SWAP_CODES.badRequest, msg: expect.any(String), data: null }
            : { success: false, errors: [{ msg: expect.any(String) }] },
      );
      if (res.statusCode === 400) {
        const message = isSwap ? res.json().msg : res.json().error;
        expect(message, where).toMatch(/must not contain a NUL byte$/);
      }
    }
  });
});

describe('router-level refusals are the envelope too', () => {
  const withParams = () => listRoutes(t.app).filter((r) => r.url.includes(':'));

  it('a malformed percent-escape or a lone surrogate in a path parameter: 400', async () => {
    expect(withParams().length).toBeGreaterThan(20);
    for (const { method, url } of withParams()) {
      for (const bad of ['%zz', '%ED%A0%80']) {
        const res = await t.app.inject({ method: method as 'GET', url: fillParams(url, bad) });
        expect(res.statusCode, `${method} ${url} ${bad}`).toBe(400);
        expectEnvelope(res, 'The URL is malformed: it has an invalid percent-encoding.');
      }
    }
  });

  it('a path parameter over 100 characters: 414', async () => {
    // /uploads/* catches what /uploads/:userId/:file refuses: that one is a 404 (still the envelope).
    for (const { method, url } of withParams().filter((r) => !r.url.startsWith('/uploads/'))) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: fillParams(url, 'a'.repeat(101)),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(414);
      expectEnvelope(res, 'A path parameter is too long (at most 100 characters).');
    }
  });
});

describe('security headers', () => {
  it('the app and the API: a strict CSP, no framing, nosniff and a Referrer-Policy', async () => {
    for (const url of ['/', '/collections/block-punks', '/api/health', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(appContentSecurityPolicy({}));
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
    const policy = appContentSecurityPolicy({});
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('/content keeps its own sandboxed policy and may be framed by the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/content/${'b'.repeat(64)}i0` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('names the content origin and the uploads bucket where the app loads from them', () => {
    const policy = appContentSecurityPolicy({
      CONTENT_ORIGIN: 'https://content.example.com',
      S3_PUBLIC_URL: 'https://cdn.example.com/icons/',
    });
    expect(policy).toContain(
      "img-src 'self' data: blob: https://content.example.com https://cdn.example.com;",
    );
    expect(policy).toContain("connect-src 'self' data: blob: https://content.example.com;");
    expect(policy).toContain("frame-src 'self' https://content.example.com;");
  });
});
