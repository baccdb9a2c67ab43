import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, toOpenApiPath } from './openapi-document.ts';
import type { DocumentedRoute } from './route-docs.ts';

// The parts of an answer these tests read; the generator's own type is deliberately loose.
type Responses = Record<
  string,
  { content: Record<string, { schema: Record<string, unknown> & { $ref?: string } }> }
>;

const facts = {
  productName: 'Test Market',
  serverUrl: 'http://localhost:3000',
  readLimitPerMinute: 60,
  writeLimitPerMinute: 120,
  signInLimitPerAddress: 10,
  signInLimitPerClient: 600,
};
const Slug = z.object({ slug: z.string().min(1) });
const Page = z.object({
  page: z.coerce.number().int().min(1).default(1),
  q: z.string().optional(),
});
const Body = z.object({ priceSats: z.string().regex(/^\d+$/), note: z.string().optional() });

function documentOf(...routes: Partial<DocumentedRoute>[]) {
  return buildOpenApiDocument(
    routes.map((r) => ({
      method: 'GET',
      url: '/api/x',
      isSignedIn: false,
      docs: { summary: 'x' },
      ...r,
    })),
    facts,
  );
}

describe('buildOpenApiDocument', () => {
  it('turns Fastify paths into OpenAPI paths', () => {
    expect(toOpenApiPath('/api/collections/:slug/floor-chart')).toBe(
      '/api/collections/{slug}/floor-chart',
    );
    expect(toOpenApiPath('/api/a/:id/b/:bidId')).toBe('/api/a/{id}/b/{bidId}');
    expect(toOpenApiPath('/uploads/*')).toBe('/uploads/{path}');
  });

  it('documents path and query parameters from the zod schemas, required as they are', () => {
    const doc = documentOf({
      url: '/api/collections/:slug',
      docs: { summary: 'one', params: Slug, query: Page },
    });
    const op = doc.paths['/api/collections/{slug}']!.get!;
    expect(op.parameters).toEqual([
      { name: 'slug', in: 'path', required: true, schema: { type: 'string', minLength: 1 } },
      expect.objectContaining({ name: 'page', in: 'query', required: false }),
      expect.objectContaining({ name: 'q', in: 'query', required: false }),
    ]);
    expect(op.operationId).toBe('getApiCollectionsSlug');
    expect(op.tags).toEqual(['collections']);
  });

  it('documents a JSON body, a body-less write and an upload', () => {
    const doc = documentOf(
      { method: 'POST', url: '/api/a', docs: { summary: 'a', body: Body } },
      { method: 'POST', url: '/api/b', docs: { summary: 'b', body: 'none' } },
      { method: 'POST', url: '/api/c', docs: { summary: 'c', body: 'multipart' } },
    );
    const a = doc.paths['/api/a']!.post! as {
      requestBody: { content: { 'application/json': { schema: { required: string[] } } } };
    };
    expect(a.requestBody.content['application/json'].schema.required).toEqual(['priceSats']);
    expect(doc.paths['/api/b']!.post!).toMatchObject({ 'x-no-body': true });
    expect(doc.paths['/api/b']!.post!.requestBody).toBeUndefined();
    expect(
      Object.keys((doc.paths['/api/c']!.post!.requestBody as { content: object }).content),
    ).toEqual(['multipart/form-data']);
  });

  it('wraps the payload in the envelope and points failures at the error shape', () => {
    const doc = documentOf({ docs: { summary: 'x', payload: z.object({ n: z.number() }) } });
    const responses = doc.paths['/api/x']!.get!.responses as Responses;
    expect(responses['200']!.content['application/json']!.schema).toEqual({
      type: 'object',
      required: ['success', 'payload'],
      properties: {
        success: { const: true },
        payload: {
          type: 'object',
          properties: { n: { type: 'number' } },
          required: ['n'],
          additionalProperties: false,
        },
      },
    });
    expect(responses['400']!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
    expect(responses['401']).toBeUndefined();
    expect(responses['429']).toBeUndefined();
  });

  it("uses each family's own error shape", () => {
    const doc = documentOf(
      { url: '/api/inscription-service/order', docs: { summary: 'o', answer: 'ordinalsbot' } },
      { url: '/brc20swap/pools', docs: { summary: 'p', answer: 'dotswap' } },
    );
    const ref = (path: string) =>
      (doc.paths[path]!.get!.responses as Responses).default!.content['application/json']!.schema
        .$ref;
    expect(ref('/api/inscription-service/order')).toBe('#/components/schemas/OrdinalsBotError');
    expect(ref('/brc20swap/pools')).toBe('#/components/schemas/DotSwapRefusal');
  });

  it('states sign-in, rate limits and stability per operation', () => {
    const doc = documentOf(
      { url: '/api/me', isSignedIn: true, rateLimit: { max: 120, isPerClient: true } },
      {
        url: '/api/open',
        docs: { summary: 'o', isStable: true },
        rateLimit: { max: 60, isPerClient: true },
      },
    );
    const me = doc.paths['/api/me']!.get!;
    expect(me.security).toEqual([{ bearerAuth: [] }]);
    expect(me['x-stability']).toBe('internal');
    expect(Object.keys(me.responses as object)).toEqual(['200', '400', '401', '429', 'default']);
    const open = doc.paths['/api/open']!.get!;
    expect(open.security).toBeUndefined();
    expect(open['x-stability']).toBe('stable');
    expect(open['x-rateLimit']).toEqual({ limit: 60, window: '1 minute' });
    expect(open.description).toMatch(/At most 60 requests a minute per client address/);
  });

  it("says the document's own facts: version, server, limits, one tag per family", () => {
    const doc = documentOf({ url: '/api/b/x' }, { url: '/api/a/y' }, { url: '/api/a/z' });
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000' }]);
    expect(doc.tags).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect((doc.info as { description: string }).description).toMatch(
      /Stable reads: 60 requests a minute per client address \(the web app's own same-origin requests are not counted\)\. Writes: 120/,
    );
  });
});
