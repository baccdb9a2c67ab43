import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { renderDocsPage } from './docs-page.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document.ts';
import { documented, type DocumentedRoute } from './route-docs.ts';

/**
 * The API reference (ADR 021): every route registered after this call declares its
 * docs; they are collected as Fastify adds them, and the document is built once, on first ask.
 * The stable reads get the read rate limit here, so that what is documented is what runs.
 */
export function openApiRoutes(app: FastifyInstance, { env }: AppDeps): void {
  const routes: DocumentedRoute[] = [];
  // For third parties: the web app's own reads (same-origin fetches, which a page cannot
  // disguise) are not counted, so that its users behind one address (an office, a carrier's NAT)
  // are never turned away while browsing. A client outside a browser can claim that header too:
  // this limit is fair use, not a defence (the writes' and sign-in's limits count every request).
  const readLimit = {
    max: env.READ_RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    allowList: (request: FastifyRequest) => request.headers['sec-fetch-site'] === 'same-origin',
  };
  // Runs before @fastify/rate-limit's own onRoute hook (registered later), which reads config.rateLimit.
  app.addHook('onRoute', (options) => {
    const docs = options.config?.docs;
    if (!docs) return;
    if (docs.isStable && options.config?.rateLimit === undefined) {
      options.config = { ...options.config, rateLimit: readLimit };
    }
    const limit = options.config?.rateLimit;
    const rateLimit =
      limit && typeof limit.max === 'number'
        ? { max: limit.max, isPerClient: limit.keyGenerator === undefined }
        : undefined;
    for (const method of [options.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({
        method,
        url: options.url,
        docs,
        isSignedIn: Boolean(options.preHandler),
        rateLimit,
      });
    }
  });

  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const documentOf = () =>
    (document ??= buildOpenApiDocument(routes, {
      productName: env.PRODUCT_NAME,
      serverUrl: env.publicUrl,
      readLimitPerMinute: env.READ_RATE_LIMIT_PER_MINUTE,
      writeLimitPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE,
      signInLimitPerAddress: env.AUTH_RATE_LIMIT_PER_ADDRESS,
      signInLimitPerClient: env.AUTH_RATE_LIMIT_PER_CLIENT,
    }));

  const reference = { tag: 'reference', answer: 'json' } as const;
  app.get(
    '/api/openapi.json',
    documented({ ...reference, summary: 'This API as an OpenAPI 3.1 document' }),
    async () => documentOf(),
  );
  app.get(
    '/api/docs',
    documented({ ...reference, summary: 'This API as a readable page', answer: 'html' }),
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send((page ??= renderDocsPage(documentOf()))),
  );
}
