import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file under assets/ by its content hash: a new build means a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files: kept, but revalidated (ETag, 304) before each use. */
const REVALIDATE = 'no-cache';

export interface WebStaticOptions {
  /**
   * The handler as it was before issue 18 (no precompressed files, max-age=0 everywhere), so
   * npm run bench:web measures before and after in one run. WEB_STATIC_PLAIN=1 turns it on.
   */
  plain?: boolean;
}

/**
 * The built React app at /, with index.html for every client-side route. The build writes .br and
 * .gz next to each text file (apps/web/vite.config.ts); the handler picks one by Accept-Encoding.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  { plain = false }: WebStaticOptions = {},
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
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/content/');
    if (request.method !== 'GET' || isApi || !hasBuild) {
      const error =
        hasBuild || isApi
          ? `Not found: ${request.method} ${request.url.split('?')[0]}`
          : 'The web app is not built: run npm run build (npm start does it for you).';
      return reply.status(404).send({ success: false, error, errors: [{ msg: error }] });
    }
    return reply.sendFile('index.html');
  });
}
