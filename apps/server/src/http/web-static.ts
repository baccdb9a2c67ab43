import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ROUTE_MODULES,
  routeChunks,
  routeModuleFor,
  withModulePreloads,
  type ViteManifest,
} from './web-static-preload.ts';
import { withHead } from './web-static-head.ts';

/** Vite names every file under assets/ by its content hash: a new build means a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: kept, but revalidated (ETag, 304) before each use. */
const REVALIDATE = 'no-cache';

export interface WebStaticOptions {
  /**
   * The handler as it was before product.md#scale-and-delivery (no precompressed files, max-age=0
   * everywhere), so npm run bench:web measures before and after in one run. WEB_STATIC_PLAIN=1
   * turns it on.
   */
  plain?: boolean;
  /**
   * Tags to add to a page's head, by pathname (a collection page's image preload and detail read:
   * features/collections/collection-page-head.ts); '' for none. Never throws, never waits long.
   */
  pageHead?: (pathname: string) => Promise<string>;
}

/**
 * The built React app at /, with index.html for every client-side route. The build writes .br and
 * .gz next to each text file (apps/web/vite.config.ts); the handler picks one by Accept-Encoding.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  { plain = false, pageHead }: WebStaticOptions = {},
): Promise<void> {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(
      fastifyStatic,
      plain
        ? { root: distDir, wildcard: false }
        : {
            root: distDir,
            wildcard: false,
            // "/" is a client-side route too (it opens /collections): answered below, with the
            // chunks of the page it redirects to.
            index: false,
            preCompressed: true,
            // send's own Cache-Control would overwrite the one setHeaders puts on the response.
            cacheControl: false,
            setHeaders: (res, file) => {
              const hashed = path.relative(distDir, file).startsWith(`assets${path.sep}`);
              res.setHeader('cache-control', hashed ? IMMUTABLE : REVALIDATE);
              res.setHeader('vary', 'Accept-Encoding');
            },
          },
    );
  }
  const routePages = hasBuild && !plain ? routeIndexPages(distDir) : new Map<string, RoutePage>();
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/content/');
    if (request.method !== 'GET' || isApi || !hasBuild) {
      const error =
        hasBuild || isApi
          ? `Not found: ${request.method} ${request.url.split('?')[0]}`
          : 'The web app is not built: run npm run build (npm start does it for you).';
      return reply.status(404).send({ success: false, error, errors: [{ msg: error }] });
    }
    const pathname = request.url.split('?')[0]!;
    const module = routeModuleFor(pathname);
    const page = module === undefined ? undefined : routePages.get(module);
    if (!page) return reply.sendFile('index.html');
    const head = pageHead ? await pageHead(pathname) : '';
    return sendRoutePage(request, reply, head ? pageWith(page, head) : page);
  });
}

type Encoding = 'br' | 'gzip' | 'identity';
/** One index.html variant in each encoding, with the ETag of those exact bytes. */
type RoutePage = Record<Encoding, { body: Buffer; etag: string }> & { html: string };

/**
 * index.html for each lazy route, with that route's chunks modulepreloaded, compressed once at
 * start. None without the build's manifest (apps/web/vite.config.ts writes it).
 */
function routeIndexPages(distDir: string): Map<string, RoutePage> {
  const pages = new Map<string, RoutePage>();
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  for (const [, module] of ROUTE_MODULES) {
    const chunks = routeChunks(manifest, module);
    if (chunks.length === 0) continue;
    pages.set(module, routePage(withModulePreloads(html, chunks), 'best'));
  }
  return pages;
}

/** The page in each encoding: at start, compressed best; per request (`fast`), cheaply. */
function routePage(html: string, effort: 'best' | 'fast'): RoutePage {
  const identity = Buffer.from(html);
  const best = effort === 'best';
  const variant = (body: Buffer) => ({
    body,
    etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  });
  return {
    html,
    identity: variant(identity),
    br: variant(
      zlib.brotliCompressSync(identity, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 },
      }),
    ),
    gzip: variant(zlib.gzipSync(identity, { level: best ? zlib.constants.Z_BEST_COMPRESSION : 6 })),
  };
}

/** `page` with `head` added (a collection page's own tags: web-static-head.ts). */
function pageWith(page: RoutePage, head: string): RoutePage {
  return routePage(withHead(page.html, head), 'fast');
}

/** br if the browser takes it, else gzip, else none (q=0 refuses an encoding). */
function pickEncoding(acceptEncoding: string | undefined): Encoding {
  const taken = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : 'identity';
}

function sendRoutePage(request: FastifyRequest, reply: FastifyReply, page: RoutePage) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const { body, etag } = page[encoding];
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', REVALIDATE)
    .header('vary', 'Accept-Encoding')
    .header('etag', etag);
  const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
  if (known.includes(etag) || known.includes(`W/${etag}`)) return reply.status(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
