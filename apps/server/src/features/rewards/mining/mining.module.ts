import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { payoutsRoutes } from '../payouts/payouts.routes.ts';
import { miningRoutes } from './mining.routes.ts';

/**
 * Registers this part's routes (ADR 020): mining status and cycle
 * payouts, pool payouts, the rewards history and wallet. Confirmation and release of a payout
 * are the claimed transactions worker's (payout-claims.ts).
 */
export function registerMining(app: FastifyInstance, deps: AppDeps, _writeLimit: object): void {
  miningRoutes(app, deps);
  payoutsRoutes(app, deps);
}
