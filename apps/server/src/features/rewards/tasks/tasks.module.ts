import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { startTradeTasksWorker } from './trade-tasks.worker.ts';

/** Registers this part's routes and starts its workers (issue 16). */
export function registerTasks(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  app.addHook('onClose', startTradeTasksWorker(deps));
  tasksRoutes(app, deps, writeLimit);
}
