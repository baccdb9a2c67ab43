import type { AppDeps } from '../../app-deps.ts';
import { startCycleCloseWorker } from './mining/cycle-close.worker.ts';
import { startPoolPayoutsWorker } from './payouts/pool-payouts.worker.ts';
import { startPoolsWorker } from './pools/pools.worker.ts';
import { startTradeTasksWorker } from './tasks/trade-tasks.worker.ts';
import { startXpWorker } from './xp-accrual.worker.ts';

/**
 * The rewards' background work (ADR 020): XP accrual, pools' states and draws, mining cycles'
 * close and payouts, pool payouts, trade tasks. Answers the functions that stop them.
 */
export function startRewardsWorkers(deps: AppDeps): (() => Promise<void>)[] {
  return [
    startXpWorker(deps),
    startPoolsWorker(deps),
    startCycleCloseWorker(deps),
    startPoolPayoutsWorker(deps),
    startTradeTasksWorker(deps),
  ];
}
