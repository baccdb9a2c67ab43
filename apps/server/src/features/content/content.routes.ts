import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import { findContent } from '../inscriptions/inscriptions.queries.ts';

const ContentParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}i\d+$/, 'Invalid inscription ID format.'),
});

/**
 * ord's two content policies (src/subcommand/server/r.rs): content may load our own /content and
 * recursive endpoints and nothing else. Browsers enforce both headers, so the stricter one wins.
 */
export const CONTENT_SECURITY_POLICIES = [
  "default-src 'self' 'unsafe-eval' 'unsafe-inline' data: blob:",
  "default-src *:*/content/ *:*/blockheight *:*/blockhash *:*/blockhash/ *:*/blocktime *:*/r/ 'unsafe-eval' 'unsafe-inline' data: blob:",
  // Ours, beyond ord's: content opened directly (not in our sandboxed iframe) still gets an
  // opaque origin, so an HTML or SVG inscription can never read the app's storage or cookies.
  'sandbox allow-scripts',
];

/** /content/{id}: an inscription's bytes, exactly as inscribed, with ord's headers. */
export function contentRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get('/content/:id', async (request, reply) => {
    const { id } = parseInput(ContentParamsSchema, request.params, 'params');
    const content = await findContent(db, id);
    if (!content) throw notFound(`Inscription ${id} not found.`);
    if (content.kind === 'missing-delegate') {
      throw notFound(`Delegate ${content.delegate} of inscription ${id} not found.`);
    }
    if (content.kind === 'no-content') throw notFound(`Inscription ${id} has no content.`);
    reply
      .header('content-type', content.contentType ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=1209600, immutable')
      .header('content-security-policy', CONTENT_SECURITY_POLICIES)
      .header('x-content-type-options', 'nosniff')
      // Sandboxed documents have an opaque origin: recursive fetches of /content need CORS, as on ord.
      .header('access-control-allow-origin', '*');
    if (content.contentEncoding) reply.header('content-encoding', content.contentEncoding);
    return reply.send(Buffer.from(content.body));
  });
}
