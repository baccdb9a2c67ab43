import type { AppDeps } from '../../app-deps.ts';
import { scheduleSettlement } from './auction-settle.schedule.ts';
import { settleAuction } from './auction-settle.worker.ts';
import { findAuction } from './auctions.queries.ts';

/**
 * The auction-settle job (ADR 023): at the auction's end, the settlement of
 * auction-settle.worker.ts. A node that cannot be reached throws: pg-boss retries with backoff.
 * An auction still active whose end is later than this job's (an end moved later) is scheduled
 * again at its new end; one settled, unsold or canceled meanwhile is left alone.
 */
async function runSettlementJob(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'jobs'>,
  auctionId: string,
): Promise<void> {
  const outcome = await settleAuction(deps, auctionId);
  if (outcome !== 'skipped') return;
  const auction = await findAuction(deps.db.kysely, auctionId);
  if (auction?.status === 'active' && auction.endDate > new Date()) {
    await scheduleSettlement(deps.jobs, { id: auction.id, endDate: auction.endDate });
  }
}

/** Runs the settlement jobs in this process, when it works (RUN_MODE `all` or `worker`). */
export async function workSettlementJobs(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'jobs'>,
): Promise<void> {
  await deps.jobs?.work('auction-settle', ({ auctionId }) => runSettlementJob(deps, auctionId));
}
