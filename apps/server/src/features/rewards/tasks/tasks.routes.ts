import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../../app-deps.ts';
import { documented, type RouteDocs } from '../../../http/openapi/route-docs.ts';
import { parseInput } from '../../../http/validate.ts';
import { requireSession } from '../../auth/auth-guard.ts';
import type { SessionClaims } from '../../../http/auth-token.ts';
import { completeFollowTwitter, listTasks } from './tasks.service.ts';

const TasksQuerySchema = z.object({
  address: z.string({ error: 'address is required' }).min(1, 'address is required').max(200),
});
const CompleteBodySchema = z.object({ address: z.string().min(1).max(200).optional() });

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  tasks: { summary: 'Tasks and their state for the user', query: TasksQuerySchema },
  followTwitterComplete: { summary: 'Complete the follow-on-X task', body: CompleteBodySchema },
} satisfies Record<string, RouteDocs>;

/** Tasks (ADR 020, product.md#market-calls): each done once per address, credited as XP. */
export function tasksRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const auth = requireSession(deps.jwtSecret);
  const session = (request: FastifyRequest) => request.session as SessionClaims;

  app.get('/api/task', documented(docs.tasks, { preHandler: auth }), async (request) => {
    const { address } = parseInput(TasksQuerySchema, request.query, 'query');
    return { success: true, payload: await listTasks(deps, session(request), address) };
  });

  app.post(
    '/api/task/follow-twitter/complete',
    documented(docs.followTwitterComplete, { config: writeLimit, preHandler: auth }),
    async (request) => {
      const { address } = parseInput(CompleteBodySchema, request.body, 'body');
      return {
        success: true,
        payload: await completeFollowTwitter(deps, session(request), address),
      };
    },
  );
}
