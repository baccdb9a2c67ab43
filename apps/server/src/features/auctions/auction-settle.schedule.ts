import type { Executor, JobQueue } from '../../jobs/job-queue.ts';

/**
 * The settlement job's key: the auction and its end. A second send for the same end is dropped;
 * an end moved (the dev route ends it now) gets a job of its own, and the stale one, run later,
 * finds the auction settled or its end elsewhere and does nothing.
 */
export function settlementKey(auctionId: string, endDate: Date): string {
  return `${auctionId}@${endDate.toISOString()}`;
}

/**
 * Schedules the auction's settlement at its end (ADR 023). Sent in `trx`, the transaction that
 * makes the auction active or moves its end, the job exists if and only if that change commits.
 */
export async function scheduleSettlement(
  jobs: JobQueue | undefined,
  auction: { id: string; endDate: Date },
  trx?: Executor,
): Promise<void> {
  await jobs?.send(
    'auction-settle',
    { auctionId: auction.id },
    { startAfter: auction.endDate, singletonKey: settlementKey(auction.id, auction.endDate), trx },
  );
}
