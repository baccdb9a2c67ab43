import { AllocateRequestSchema, BuyTicketsRequestSchema } from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import { documented, textParams, type RouteDocs } from '../../../http/openapi/route-docs.ts';
import { parseInput } from '../../../http/validate.ts';
import { requireSession } from '../../auth/auth-guard.ts';
import type { SessionClaims } from '../../../http/auth-token.ts';
import { getPool, listEntries, listPools, myEntry, spendXp } from './pools.service.ts';

const MineQuerySchema = z.object({
  address: z.string({ error: 'address is required' }).min(1, 'address is required').max(200),
});

type WithId = { Params: { id: string } };

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  list: { summary: 'Reward pools' },
  one: { summary: 'One reward pool with its committed draw', params: textParams('id') },
  entries: { summary: 'Entries of a pool', params: textParams('id') },
  mine: {
    summary: "An address's entry in a pool",
    params: textParams('id'),
    query: MineQuerySchema,
  },
  allocate: {
    summary: 'Spend XP on a pool',
    params: textParams('id'),
    body: AllocateRequestSchema,
  },
  tickets: {
    summary: 'Buy tickets of a pool with XP',
    params: textParams('id'),
    body: BuyTicketsRequestSchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * Reward pools (product.md#states-and-transitions, #validation; ADR 020): reads are public,
 * spending XP needs a session.
 */
export function poolsRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const auth = requireSession(deps.jwtSecret);
  const session = (request: FastifyRequest) => request.session as SessionClaims;

  app.get('/api/rewards/pools', documented(docs.list), async () => ({
    success: true,
    payload: await listPools(deps),
  }));

  app.get<WithId>('/api/rewards/pools/:id', documented(docs.one), async (request) => ({
    success: true,
    payload: await getPool(deps, request.params.id),
  }));

  app.get<WithId>('/api/rewards/pools/:id/entries', documented(docs.entries), async (request) => ({
    success: true,
    payload: await listEntries(deps, request.params.id),
  }));

  app.get<WithId>('/api/rewards/pools/:id/mine', documented(docs.mine), async (request) => {
    const { address } = parseInput(MineQuerySchema, request.query, 'query');
    return { success: true, payload: await myEntry(deps, request.params.id, address) };
  });

  app.post<WithId>(
    '/api/rewards/pools/:id/allocate',
    documented(docs.allocate, { config: writeLimit, preHandler: auth }),
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
    documented(docs.tickets, { config: writeLimit, preHandler: auth }),
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
