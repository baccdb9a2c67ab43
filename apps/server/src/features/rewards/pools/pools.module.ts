import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { poolsRoutes } from './pools.routes.ts';

/** Registers this part's routes (ADR 020). */
export function registerPools(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  poolsRoutes(app, deps, writeLimit);
}
