import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/app-deps.ts';
import { loadEnv } from '../src/env.ts';
import { toOpenApiPath, type OpenApiDocument } from '../src/http/openapi/openapi-document.ts';
import { openApiRoutes } from '../src/http/openapi/openapi.routes.ts';
import { documented } from '../src/http/openapi/route-docs.ts';
import { fillParams, listRoutes } from './helpers/routes.ts';
import { startTestNode, type TestNode } from './helpers/regtest.ts';
import { databaseKinds, startTestApp, type TestApp } from './helpers/test-app.ts';

// ADR 021: the API reference is generated from the routes' own zod schemas. Every route Fastify
// registered under /api must be in it with its inputs, or this file fails and names the route.

/** What the document lacks for the app's /api routes: one line per missing piece. */
function gaps(app: FastifyInstance, document: OpenApiDocument): string[] {
  const missing: string[] = [];
  for (const { method, url } of listRoutes(app)) {
    if (!url.startsWith('/api')) continue;
    const op = document.paths[toOpenApiPath(url)]?.[method.toLowerCase()];
    if (!op) {
      missing.push(`${method} ${url}: not documented`);
      continue;
    }
    const documentedParams = new Set(
      ((op.parameters ?? []) as { name: string; in: string; schema?: unknown }[])
        .filter((p) => p.in === 'path' && p.schema)
        .map((p) => p.name),
    );
    for (const [, name] of url.matchAll(/:(\w+)/g)) {
      if (!documentedParams.has(name!)) missing.push(`${method} ${url}: no schema for :${name}`);
    }
    if (['POST', 'PUT', 'PATCH'].includes(method) && !op.requestBody && !op['x-no-body']) {
      missing.push(`${method} ${url}: no body schema (or 'none')`);
    }
  }
  return missing;
}

let node: TestNode;
beforeAll(async () => {
  node = await startTestNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(databaseKinds())('the API reference on %s', (kind) => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await startTestApp(kind, node, { READ_RATE_LIMIT_PER_MINUTE: '3' });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(async () => {
    await t?.close();
  });
  const op = (path: string, method: string) => document.paths[path]![method]!;

  it('is an OpenAPI 3.1.0 document with the envelope, its error shape and bearer sign-in', () => {
    expect(document.openapi).toBe('3.1.0');
    const components = document.components as {
      schemas: Record<string, { properties: Record<string, unknown> }>;
      securitySchemes: Record<string, unknown>;
    };
    expect(Object.keys(components.schemas.ErrorEnvelope!.properties)).toEqual([
      'success',
      'error',
      'errors',
    ]);
    expect(components.securitySchemes.bearerAuth).toMatchObject({ scheme: 'bearer' });
    expect((document.info as { description: string }).description).toMatch(
      /POST \/api\/auth\/challenge.*POST \/api\/auth\/verify.*Authorization: Bearer/s,
    );
  });

  it('documents every /api route Fastify registered, with its inputs', () => {
    const apiRoutes = listRoutes(t.app).filter((r) => r.url.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThan(120);
    expect(gaps(t.app, document)).toEqual([]);
  });

  it('describes inputs from the same zod schemas the handlers parse with', async () => {
    const floor = op('/api/collections/{slug}/floor-chart', 'get');
    const period = (floor.parameters as { name: string; schema: { enum?: string[] } }[]).find(
      (p) => p.name === 'period',
    );
    expect(period?.schema.enum).toContain('7 days');
    const challenge = op('/api/auth/challenge', 'post') as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(challenge.requestBody.content['application/json'].schema.required).toEqual(['address']);
    // What the document says is what the handler does: a body without address is refused.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('address');
  });

  it('marks the signed-in operations, and each of them answers 401 without a token', async () => {
    const signedIn = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security)
        .map(([method]) => ({ method, path })),
    );
    expect(signedIn.length).toBeGreaterThan(30);
    for (const { method, path } of signedIn) {
      const url = fillParams(path.replace(/\{(\w+)\}/g, ':$1'), 'x');
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
    expect(op('/api/collections', 'get').security).toBeUndefined();
  });

  it('marks the third-party reads stable, with the read limit that is enforced', async () => {
    const stable = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation['x-stability'] === 'stable')
        .map(([method]) => `${method} ${path}`),
    );
    expect(stable).toEqual(
      expect.arrayContaining([
        'get /api/collections',
        'get /api/collections/{slug}/floor-chart',
        'get /api/listings',
        'get /api/activity',
        'get /api/shared/inscriptions/details/{inscriptionId}',
        'get /api/brc20/tokens',
        'get /api/brc20/balances/{address}',
      ]),
    );
    expect(stable.every((s) => s.startsWith('get '))).toBe(true);
    expect(op('/api/collections/categories', 'get')['x-rateLimit']).toEqual({
      limit: 3,
      window: '1 minute',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/collections/categories' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // The web app's own reads, from a page of this origin, are never turned away.
    const fromPage = await t.app.inject({
      method: 'GET',
      url: '/api/collections/categories',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(fromPage.statusCode).toBe(200);
    expect(op('/api/listings/protected/create', 'post')['x-rateLimit']).toEqual({
      limit: t.deps.env.WRITE_RATE_LIMIT_PER_MINUTE,
      window: '1 minute',
    });
  });

  it('/api/docs is a readable page without scripts, naming the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('/api/collections/{slug}/floor-chart');
    expect(res.body).toContain('/api/auth/verify');
    expect(res.body).toContain('/api/brc20/balances/{address}');
    expect(res.body).not.toMatch(/<script/i);
  });
});

describe('the coverage check', () => {
  it('names a route registered without docs', async () => {
    const app = Fastify();
    const env = loadEnv({ LOG_LEVEL: 'silent' });
    openApiRoutes(app, { env } as AppDeps);
    app.get('/api/seen/:id', documented({ summary: 'seen', params: undefined }), async () => 1);
    app.post('/api/unseen', async () => 1);
    await app.ready();
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(gaps(app, document)).toEqual([
      'GET /api/seen/:id: no schema for :id',
      'POST /api/unseen: not documented',
    ]);
    await app.close();
  });
});
