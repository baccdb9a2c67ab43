import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app.ts';

/** Registers this part's routes and starts its workers (issue 16). */
export function registerPools(_app: FastifyInstance, _deps: AppDeps, _writeLimit: object): void {}
