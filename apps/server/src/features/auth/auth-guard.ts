import { NOT_AUTHENTICATED } from '@om/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readToken, type SessionClaims } from '../../http/auth-token.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionClaims;
  }
}

/**
 * preHandler for protected routes: a valid bearer token or 401 with the spec's
 * `{ success: false, error: 'user is not authenticated' }`.
 */
export function requireSession(secret: Uint8Array) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await readSession(secret, request);
    if (!session) {
      return reply
        .status(401)
        .send({ success: false, error: NOT_AUTHENTICATED, errors: [{ msg: NOT_AUTHENTICATED }] });
    }
    request.session = session;
  };
}

/** The session of a valid bearer token, if any: for routes where sign-in is optional. */
export async function readSession(
  secret: Uint8Array,
  request: FastifyRequest,
): Promise<SessionClaims | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ? readToken(secret, match[1]) : undefined;
}
