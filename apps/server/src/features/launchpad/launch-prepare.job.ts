import type { AppDeps } from '../../app-deps.ts';
import { prepareLaunch } from './launch-batches.worker.ts';
import { whileLaunchLocked } from './launch-prepare.schedule.ts';
import { findLaunch } from './launch-read.queries.ts';

// A launch's preparation as a job (ADR 023): sent in the create's transaction, keyed by the
// launch, it builds the batches its creator signs. The sweep of launch-batches.worker.ts stays
// behind it, slowly; both prepare a launch only under its lock (launch-prepare.schedule.ts).

/**
 * The job: prepares the launch if it still initializes. Held by the sweep, it is tried again
 * later (the sweep may fail); a node that cannot be reached throws, and pg-boss retries.
 */
async function runPreparation(
  deps: Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'env'>,
  launchpadId: string,
): Promise<void> {
  const launch = await findLaunch(deps.db.kysely, launchpadId);
  if (launch?.status !== 'initializing') return;
  const ran = await whileLaunchLocked(deps, launchpadId, () => prepareLaunch(deps, launchpadId));
  if (!ran) throw new Error(`launch ${launchpadId}: being prepared by another pass`);
}

/** Runs the preparation jobs in this process, when it works (RUN_MODE `all` or `worker`). */
export async function workLaunchPreparations(
  deps: Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'env' | 'jobs'>,
): Promise<void> {
  await deps.jobs?.work('launch-prepare', ({ launchpadId }) => runPreparation(deps, launchpadId));
}
