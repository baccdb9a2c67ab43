import type { AppDeps } from './app-deps.ts';
import type { WorkerLoop } from './chain/chain-worker.ts';
import { startAuctionWorkers } from './features/auctions/auctions.workers.ts';
import { startClaimWorker } from './claims/claimed-transactions.worker.ts';
import { startInscribeWorker } from './features/inscription-service/inscribe-orders.worker.ts';
import { orderKinds } from './inscribe-order-kinds.ts';
import { startLaunchWorker } from './features/launchpad/launch-batches.worker.ts';
import { workLaunchPreparations } from './features/launchpad/launch-prepare.job.ts';
import { workReservationEnds } from './features/launchpad/mint-reservation.job.ts';
import { startTradeTracker } from './features/listings/trade-tracker.ts';
import { startRewardsWorkers } from './features/rewards/rewards.workers.ts';
import { startSwapWorker } from './features/swap/swap-orders.worker.ts';

/** The background work of a process, and the loops its routes wake. */
export interface Workers {
  /** The launches' sweep behind their preparation jobs (ADR 023); a wake runs it at once. */
  launch: WorkerLoop;
  /** Stops every worker, the last started first, awaiting the passes in progress. */
  stop(): Promise<void>;
}

/**
 * Starts every worker (ADR 022, 023): in RUN_MODE `all` beside the app, in a `worker` process
 * alone (no HTTP app is built there), and in an `api` process as loops that run no pass and only
 * carry their wakes to the worker processes.
 */
export async function startWorkers(deps: AppDeps): Promise<Workers> {
  const stops: (() => Promise<void>)[] = [];
  stops.push(startTradeTracker(deps));
  stops.push(startClaimWorker(deps));
  const launch = startLaunchWorker(deps);
  stops.push(launch.stop);
  await workLaunchPreparations(deps);
  await workReservationEnds(deps);
  stops.push(startInscribeWorker(deps, orderKinds));
  stops.push(await startAuctionWorkers(deps));
  stops.push(startSwapWorker(deps));
  stops.push(...(await startRewardsWorkers(deps)));
  return {
    launch,
    stop: async () => {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
