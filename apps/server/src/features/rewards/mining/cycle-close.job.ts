import type { AppDeps } from '../../../app-deps.ts';
import { startChainWorker } from '../../../chain/chain-worker.ts';
import { closeCycle, closeCycles, readyCycle } from './cycle-close.worker.ts';

// The mining cycle's payout as a job (ADR 023): once a cycle is ready to close (ADR 020), a
// `mining-cycle-payout` job keyed by the cycle closes it and pays its holders. The sender is a
// pass on each block (and at start): it sends the oldest open cycle's job when that cycle is ready
// and no job of its key is pending, so a cycle gets one job however often the pass runs. A node
// that cannot be reached fails the job, which pg-boss retries with backoff.

type Deps = Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'env' | 'jobs' | 'log'>;

/** The job's singleton key: one cycle, one job pending at a time. */
export function cyclePayoutKey(cycle: number): string {
  return `mining:${cycle}`;
}

/** Sends the job of the oldest open cycle if it is ready and none is pending; answers its cycle. */
export async function sendReadyCycle(
  deps: Pick<AppDeps, 'db' | 'env' | 'jobs'>,
): Promise<number | null> {
  const { jobs } = deps;
  if (!jobs) return null;
  const cycle = await readyCycle(deps);
  if (cycle === null) return null;
  const singletonKey = cyclePayoutKey(cycle);
  if (await jobs.isPending('mining-cycle-payout', singletonKey)) return null;
  const id = await jobs.send('mining-cycle-payout', { cycle }, { singletonKey });
  return id ? cycle : null;
}

/**
 * The job: closes `cycle` if it is still the oldest open one and ready. One closed meanwhile (by
 * closeCycles or a twin job) or behind an earlier one reopened is left to the next send. A cycle
 * the wallet cannot pay stays open (closeCycle logs it) and the next block sends it again; one
 * closed sends the next ready at once, so a node far ahead catches up without waiting for blocks.
 */
async function runCyclePayout(deps: Deps, cycle: number): Promise<void> {
  if ((await readyCycle(deps)) !== cycle) return;
  if (await closeCycle(deps, cycle)) await sendReadyCycle(deps);
}

/**
 * Works the cycle payouts in this process (RUN_MODE `all` or `worker`) and starts the pass that
 * sends them on each block and BRC-20 block. Without a job queue the pass closes cycles itself.
 * Answers the pass's stop.
 */
export async function startCyclePayouts(deps: Deps): Promise<() => Promise<void>> {
  const { jobs } = deps;
  if (!jobs) {
    return startChainWorker(deps, 'mining cycles', () => closeCycles(deps), ['block', 'brc20']);
  }
  await jobs.work('mining-cycle-payout', ({ cycle }) => runCyclePayout(deps, cycle));
  const send = async () => {
    await sendReadyCycle(deps);
  };
  return startChainWorker(deps, 'mining cycles', send, ['block', 'brc20']);
}
