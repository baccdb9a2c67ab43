import type { AppDeps } from '../../app-deps.ts';
import type { Executor, JobQueue } from '../../jobs/job-queue.ts';

// A launch's preparation (ADR 023): the job sent in the create's transaction, and the per-launch
// lock under which the job (launch-prepare.job.ts) and the slow sweep (launch-batches.worker.ts)
// prepare it, so that the two never prepare the same launch at once.

/** Launches being prepared in this process (a lease of a split deployment is per process). */
const preparing = new Set<string>();

/**
 * Runs `prepare` holding the launch's lock: in this process, and between processes through a
 * lease when the deployment is split (ADR 022). Answers false, without running it, when another
 * pass holds it.
 */
export async function whileLaunchLocked(
  deps: Pick<AppDeps, 'cluster'>,
  launchpadId: string,
  prepare: () => Promise<void>,
): Promise<boolean> {
  if (preparing.has(launchpadId)) return false;
  preparing.add(launchpadId);
  try {
    if (!deps.cluster) {
      await prepare();
      return true;
    }
    return await deps.cluster.leases.whileHeld(`launch-prepare:${launchpadId}`, prepare);
  } finally {
    preparing.delete(launchpadId);
  }
}

/** Schedules the launch's preparation, in `trx`, the transaction that creates the launch. */
export async function schedulePreparation(
  jobs: JobQueue | undefined,
  launchpadId: string,
  trx: Executor,
): Promise<void> {
  await jobs?.send('launch-prepare', { launchpadId }, { singletonKey: launchpadId, trx });
}
