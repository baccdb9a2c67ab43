import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { tasksRoutes } from './tasks.routes.ts';

/** Registers this part's routes (ADR 020). */
export function registerTasks(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  tasksRoutes(app, deps, writeLimit);
}
