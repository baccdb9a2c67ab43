import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The public reads a third party or a returning page asks again and again (collections, their
 * stats and floor chart, listings, activity, inscriptions, BRC-20 tokens and balances): each
 * answer carries an ETag of its bytes, and a request naming it gets 304 with no body. Safe for
 * any answer, even one that depended on the session: a 304 only says the bytes the client holds
 * are exactly the bytes it would get. Answers are JSON strings; streams (SSE) are left alone.
 */
const PUBLIC_READS = [
  '/api/collections',
  '/api/listings',
  '/api/trade-history',
  '/api/inscriptions',
  '/api/shared/inscriptions',
  '/api/brc20/',
];

const isPublicRead = (url: string) => PUBLIC_READS.some((prefix) => url.startsWith(prefix));

export function addApiEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || !isPublicRead(request.url)) {
      return payload;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    void reply.header('etag', etag);
    const asked = request.headers['if-none-match'];
    if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      void reply.code(304);
      return '';
    }
    return payload;
  });
}
