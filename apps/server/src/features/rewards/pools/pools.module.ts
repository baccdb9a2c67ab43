import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { poolsRoutes } from './pools.routes.ts';
import { startPoolsWorker } from './pools.worker.ts';

/** Registers this part's routes and starts its workers (issue 16). */
export function registerPools(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  app.addHook('onClose', startPoolsWorker(deps));
  poolsRoutes(app, deps, writeLimit);
}
