import {
  AuthChallengeBodySchema,
  AuthVerifyBodySchema,
  AuthChallengePayloadSchema,
  AuthVerifyPayloadSchema,
} from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { AppError } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from './auth-guard.ts';
import { createChallenge, verifyChallenge } from './auth.service.ts';

/**
 * Sign-in is limited per address signed in (after the body is parsed), not per client: users
 * behind one IP (an office, a mobile carrier) each get their own allowance. A looser limit per
 * client bounds one client trying many addresses; it is counted here, in the route's onRequest,
 * because @fastify/rate-limit runs one limiter per request. Both say when to retry.
 */
function signInLimits(deps: Pick<AppDeps, 'env'>) {
  const retryIn = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  const clients = new MinuteCounter();
  return {
    onRequest: async (request: FastifyRequest) => {
      const { count, retryInMs } = clients.hit(request.ip);
      if (count > deps.env.AUTH_RATE_LIMIT_PER_CLIENT) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many sign-in requests from this network: try again in ${retryIn(retryInMs)} s.`,
        );
      }
    },
    config: {
      rateLimit: {
        max: deps.env.AUTH_RATE_LIMIT_PER_ADDRESS,
        timeWindow: '1 minute',
        hook: 'preHandler' as const,
        keyGenerator: (request: FastifyRequest) => {
          const address = (request.body as { address?: unknown } | undefined)?.address;
          return `sign-in|${typeof address === 'string' ? address.trim() : request.ip}`;
        },
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
          new AppError(
            'RATE_LIMITED',
            `Too many sign-in attempts for this address: try again in ${retryIn(context.ttl)} s.`,
          ),
      },
    },
  };
}

/** Hits per key in fixed one-minute windows; the map starts over with each window. */
class MinuteCounter {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();

  hit(key: string, now = Date.now()): { count: number; retryInMs: number } {
    const windowStart = now - (now % 60_000);
    if (windowStart !== this.windowStart) {
      this.windowStart = windowStart;
      this.counts.clear();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return { count, retryInMs: windowStart + 60_000 - now };
  }
}

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  challenge: {
    summary: 'Sign-in step 1: a message to sign',
    description:
      'Answers the message the wallet signs for `address` and when it expires. Limited per address being signed in and, more loosely, per client address.',
    body: AuthChallengeBodySchema,
    payload: AuthChallengePayloadSchema,
  },
  verify: {
    summary: 'Sign-in step 2: the signed message for a token',
    description:
      'Checks the BIP-322 (or legacy) signature of the challenge by `publicKey` for `address` and answers a JWT to send as `Authorization: Bearer <token>`.',
    body: AuthVerifyBodySchema,
    payload: AuthVerifyPayloadSchema,
  },
  me: { summary: 'The session of the bearer token' },
} satisfies Record<string, RouteDocs>;

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = signInLimits(deps);
  app.post('/api/auth/challenge', documented(docs.challenge, limits), async (request) => {
    const { address } = parseInput(AuthChallengeBodySchema, request.body, 'body');
    return { success: true, payload: await createChallenge(deps, address) };
  });

  app.post('/api/auth/verify', documented(docs.verify, limits), async (request) => {
    const body = parseInput(AuthVerifyBodySchema, request.body, 'body');
    return { success: true, payload: await verifyChallenge(deps, body) };
  });

  app.get(
    '/api/auth/me',
    documented(docs.me, { preHandler: requireSession(deps.jwtSecret) }),
    (request) => {
      return { success: true, payload: request.session };
    },
  );
}
