import type { AppDeps } from '../../app-deps.ts';
import { startEscrowWatch } from './auction-escrow-watch.ts';
import { workSettlementJobs } from './auction-settle.job.ts';
import { startAuctionWorker } from './auction-settle.worker.ts';

/**
 * The auctions' background work: settlement jobs at each auction's end (ADR 023), the sweep that
 * settles what a job missed, and the escrow watch. Answers the function that stops them.
 */
export async function startAuctionWorkers(
  deps: Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'env' | 'jobs' | 'log'>,
): Promise<() => Promise<void>> {
  await workSettlementJobs(deps);
  const sweep = startAuctionWorker(deps);
  const stopEscrowWatch = startEscrowWatch(deps);
  return async () => {
    await stopEscrowWatch();
    await sweep.stop();
  };
}
