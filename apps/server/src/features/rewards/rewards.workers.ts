import type { AppDeps } from '../../app-deps.ts';
import { startCyclePayouts } from './mining/cycle-close.job.ts';
import { startPoolPayoutsWorker } from './payouts/pool-payouts.worker.ts';
import { startPoolsWorker } from './pools/pools.worker.ts';
import { startTradeTasksWorker } from './tasks/trade-tasks.worker.ts';
import { startXpWorker } from './xp-accrual.worker.ts';

/**
 * The rewards' background work (ADR 020): XP accrual, pools' states and draws, mining cycles'
 * close and payouts (a job per cycle, ADR 023), pool payouts, trade tasks. Answers the functions
 * that stop them.
 */
export async function startRewardsWorkers(deps: AppDeps): Promise<(() => Promise<void>)[]> {
  return [
    startXpWorker(deps),
    startPoolsWorker(deps),
    await startCyclePayouts(deps),
    startPoolPayoutsWorker(deps),
    startTradeTasksWorker(deps),
  ];
}
