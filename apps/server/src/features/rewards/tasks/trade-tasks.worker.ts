import type { AppDeps } from '../../../app-deps.ts';
import { startChainWorker } from '../../../chain/chain-worker.ts';
import { notify, retract, unretract } from '../../notifications/notifications.service.ts';
import { taskKey, taskNotification, taskXp } from './tasks.ts';
import { creditTradeTasks, removeUnbackedTradeTasks } from './tasks.queries.ts';

/**
 * One pass, in one transaction: drop the trade tasks a reorg left without a confirmed trade,
 * then credit every address a confirmed trade qualifies, each with its notification (a
 * notification retracted by a reorg comes back when the trade confirms again). Run twice, the
 * second pass changes nothing.
 */
export async function creditTradeTasksPass(
  deps: Pick<AppDeps, 'env' | 'db'>,
): Promise<{ removed: string[]; credited: { task: string; address: string }[] }> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const removed = await removeUnbackedTradeTasks(trx);
    await retract(trx, removed);
    const credited = await creditTradeTasks(trx, {
      'first-trade': taskXp(deps.env, 'first-trade'),
      'first-mint': taskXp(deps.env, 'first-mint'),
    });
    for (const { task, address } of credited) {
      await notify(trx, taskNotification(deps.env, task, address));
    }
    await unretract(
      trx,
      credited.map(({ task, address }) => taskKey(task, address)),
    );
    return { removed, credited };
  });
}

/**
 * After each block and mempool refresh (the trade tracker confirms trades and moves them back on
 * the same events; a trade it confirms after this pass is credited on the next, or by the timer).
 */
export function startTradeTasksWorker(
  deps: Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'env' | 'log'>,
): () => Promise<void> {
  return startChainWorker(deps, 'trade tasks', async () => {
    const { removed, credited } = await creditTradeTasksPass(deps);
    if (removed.length > 0 || credited.length > 0) {
      deps.log.info({ removed, credited: credited.length }, 'trade tasks: ledger updated');
    }
  });
}
