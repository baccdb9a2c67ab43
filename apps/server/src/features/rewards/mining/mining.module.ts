import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { payoutsRoutes } from '../payouts/payouts.routes.ts';
import { startPoolPayoutsWorker } from '../payouts/pool-payouts.worker.ts';
import { startCycleCloseWorker } from './cycle-close.worker.ts';
import { miningRoutes } from './mining.routes.ts';

/**
 * Registers this part's routes and starts its workers (issue 16): mining status and cycle
 * payouts, pool payouts, the rewards history and wallet. Confirmation and release of a payout
 * are the claimed transactions worker's (payout-claims.ts).
 */
export function registerMining(app: FastifyInstance, deps: AppDeps, _writeLimit: object): void {
  app.addHook('onClose', startCycleCloseWorker(deps));
  app.addHook('onClose', startPoolPayoutsWorker(deps));
  miningRoutes(app, deps);
  payoutsRoutes(app, deps);
}
