import { AllocateRequestSchema, BuyTicketsRequestSchema } from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../../app.ts';
import { parseInput } from '../../../http/validate.ts';
import { requireSession } from '../../auth/auth-guard.ts';
import type { SessionClaims } from '../../auth/auth-token.ts';
import { getPool, listEntries, listPools, myEntry, spendXp } from './pools.service.ts';

const MineQuerySchema = z.object({
  address: z.string({ error: 'address is required' }).min(1, 'address is required').max(200),
});

type WithId = { Params: { id: string } };

/** Reward pools (spec 001 §4, §5; ADR 020): reads are public, spending XP needs a session. */
export function poolsRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const auth = requireSession(deps.jwtSecret);
  const session = (request: FastifyRequest) => request.session as SessionClaims;

  app.get('/api/rewards/pools', async () => ({ success: true, payload: await listPools(deps) }));

  app.get<WithId>('/api/rewards/pools/:id', async (request) => ({
    success: true,
    payload: await getPool(deps, request.params.id),
  }));

  app.get<WithId>('/api/rewards/pools/:id/entries', async (request) => ({
    success: true,
    payload: await listEntries(deps, request.params.id),
  }));

  app.get<WithId>('/api/rewards/pools/:id/mine', async (request) => {
    const { address } = parseInput(MineQuerySchema, request.query, 'query');
    return { success: true, payload: await myEntry(deps, request.params.id, address) };
  });

  app.post<WithId>(
    '/api/rewards/pools/:id/allocate',
    { config: writeLimit, preHandler: auth },
    async (request) => {
      const { address, points } = parseInput(AllocateRequestSchema, request.body, 'body');
      const spend = { points: BigInt(points) };
      return {
        success: true,
        payload: await spendXp(deps, session(request), request.params.id, address, spend),
      };
    },
  );

  app.post<WithId>(
    '/api/rewards/pools/:id/tickets',
    { config: writeLimit, preHandler: auth },
    async (request) => {
      const { address, count } = parseInput(BuyTicketsRequestSchema, request.body, 'body');
      const spend = { tickets: count };
      return {
        success: true,
        payload: await spendXp(deps, session(request), request.params.id, address, spend),
      };
    },
  );
}
