import { XConnectPayloadSchema, XAccountPayloadSchema } from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { callbackPage } from './x-callback-page.ts';
import {
  disconnectXAccount,
  finishXConnect,
  getXAccount,
  refreshXProfile,
  startXConnect,
} from './x-account.service.ts';
import { readStateCookie, stateCookie, X_CALLBACK_PATH } from './x-oauth.ts';

/** What X puts on its redirect (RFC 6749 §4.1.2); anything else reads as a failed sign-in. */
const CallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  connect: {
    summary: 'Start connecting an X account: the authorize URL',
    body: 'none',
    payload: XConnectPayloadSchema,
  },
  callback: {
    summary: "X's OAuth redirect back (a page for the popup)",
    query: CallbackQuerySchema,
    answer: 'html',
  },
  account: { summary: 'The connected X account', payload: XAccountPayloadSchema },
  disconnect: { summary: 'Disconnect the X account' },
  twitterCache: { summary: 'Refresh the connected X profile', body: 'none' },
} satisfies Record<string, RouteDocs>;

/**
 * A creator's X account, connected by X's OAuth 2.0 sign-in with PKCE (product.md#roles,
 * product.md#market-overview, #market-calls; ADR 013). The callback is a page, not JSON: X sends
 * the browser there.
 */
export function xAccountRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const auth = requireSession(deps.jwtSecret);
  const signedIn = { preHandler: auth };
  const signedInWrite = { config: writeLimit, preHandler: auth };
  const session = (request: FastifyRequest) => request.session as SessionClaims;
  const isHttps = deps.env.publicUrl.startsWith('https:');

  app.post('/api/x/connect', documented(docs.connect, signedInWrite), async (request, reply) => {
    const { authorizeUrl, state } = await startXConnect(deps, session(request));
    reply.header('set-cookie', stateCookie(state, isHttps));
    return { success: true, payload: { authorizeUrl } };
  });

  app.get(
    X_CALLBACK_PATH,
    documented(docs.callback, { config: writeLimit }),
    async (request, reply) => {
      const query = CallbackQuerySchema.safeParse(request.query);
      const cookieState = readStateCookie(request.headers.cookie);
      const outcome = await finishXConnect(deps, { ...(query.data ?? {}), cookieState });
      const page = callbackPage(outcome);
      return reply
        .header('set-cookie', stateCookie(null, isHttps))
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', page.contentSecurityPolicy)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff')
        .send(page.html);
    },
  );

  app.get('/api/x/account', documented(docs.account, signedIn), async (request) => {
    return { success: true, payload: await getXAccount(deps, session(request)) };
  });

  app.delete('/api/x/account', documented(docs.disconnect, signedInWrite), async (request) => {
    return { success: true, payload: await disconnectXAccount(deps, session(request)) };
  });

  app.post('/api/twitter/cache', documented(docs.twitterCache, signedInWrite), async (request) => {
    return { success: true, payload: await refreshXProfile(deps, session(request)) };
  });
}
