import { AuthChallengeBodySchema, AuthVerifyBodySchema } from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from './auth-guard.ts';
import { createChallenge, verifyChallenge } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  app.post('/api/auth/challenge', { config: writeLimit }, async (request) => {
    const { address } = parseInput(AuthChallengeBodySchema, request.body, 'body');
    return { success: true, payload: await createChallenge(deps, address) };
  });

  app.post('/api/auth/verify', { config: writeLimit }, async (request) => {
    const body = parseInput(AuthVerifyBodySchema, request.body, 'body');
    return { success: true, payload: await verifyChallenge(deps, body) };
  });

  app.get('/api/auth/me', { preHandler: requireSession(deps.jwtSecret) }, (request) => {
    return { success: true, payload: request.session };
  });
}
