import type { AppDeps } from '../../app-deps.ts';
import { startChainWorker } from '../../chain/chain-worker.ts';
import {
  accrueBlock,
  blocksToAccrue,
  forgetReorgedBlocks,
  type XpAccrualConfig,
} from './xp.queries.ts';

/** Blocks accrued per pass: a catch-up goes on at the next pass, never one long transaction. */
const BLOCKS_PER_PASS = 500;

export function xpConfig(env: AppDeps['env']): XpAccrualConfig {
  return {
    tick: env.PRODUCT_TICKER.toLowerCase(),
    rate: env.XP_PER_TOKEN_BLOCK,
    startHeight: env.XP_START_HEIGHT,
    maxBlocks: BLOCKS_PER_PASS,
  };
}

/**
 * One pass (ADR 020): forget the blocks a reorg replaced, then accrue every BRC-20-indexed block
 * not accrued yet, oldest first, each in its own transaction with its record, so a process killed
 * between two blocks resumes at the next one.
 */
export async function accrueXp(
  deps: Pick<AppDeps, 'db' | 'log'> & { chain?: Pick<AppDeps['chain'], 'events'> },
  config: XpAccrualConfig,
): Promise<{ forgotten: number[]; accrued: number }> {
  const forgotten = await forgetReorgedBlocks(deps.db, config);
  if (forgotten.length > 0) deps.log.info({ heights: forgotten }, 'xp: reorged blocks forgotten');
  if (Number(config.rate) === 0) return { forgotten, accrued: 0 };
  const blocks = await blocksToAccrue(deps.db, config.startHeight, config.maxBlocks ?? 500);
  for (const block of blocks) await accrueBlock(deps.db, config, block);
  // The 'brc20' event that refreshed balances came before this pass: pages refresh XP on this.
  const last = blocks.at(-1);
  if (last || forgotten.length > 0) {
    deps.chain?.events.emit('xp', { height: last?.height ?? Math.min(...forgotten) - 1 });
  }
  return { forgotten, accrued: blocks.length };
}

/** Runs a pass after each BRC-20 pass (its rows are what XP reads), a block, and on a timer. */
export function startXpWorker(deps: AppDeps): () => Promise<void> {
  const config = xpConfig(deps.env);
  return startChainWorker(deps, 'xp accrual', async () => void (await accrueXp(deps, config)), [
    'brc20',
    'block',
  ]);
}
