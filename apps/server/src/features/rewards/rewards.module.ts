import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { registerMining } from './mining/mining.module.ts';
import { registerPools } from './pools/pools.module.ts';
import { registerTasks } from './tasks/tasks.module.ts';
import { xpRoutes } from './xp.routes.ts';

/**
 * Rewards (ADR 020): XP from holding the utility token, reward pools and their draws,
 * mining payouts per 144-block cycle, tasks. Each part registers its routes here; their workers
 * start in rewards.workers.ts.
 */
export function registerRewards(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  xpRoutes(app, deps);
  registerPools(app, deps, writeLimit);
  registerMining(app, deps, writeLimit);
  registerTasks(app, deps, writeLimit);
}
