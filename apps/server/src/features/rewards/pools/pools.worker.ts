import { entriesHash } from '@om/bitcoin';
import type { AppDeps } from '../../../app-deps.ts';
import { startChainWorker } from '../../../chain/chain-worker.ts';
import { notify, retract } from '../../notifications/notifications.service.ts';
import { poolWinners } from './pools.draw.ts';
import {
  blockHashAt,
  deleteReorgedDraws,
  indexedTip,
  insertDraw,
  lockPoolToDraw,
  poolEntries,
  poolsDue,
  publishPool,
  rewardsOf,
} from './pools.queries.ts';
import { readSeedPools, upsertPools, type SeedPool } from './pools.seed.ts';

type Deps = Pick<AppDeps, 'env' | 'db' | 'log'>;

/** Keyed by the draw block's hash: a redraw after a reorg notifies its own winners. */
const wonKey = (poolId: string, blockHash: string) => `pool_won:${poolId}:${blockHash}`;

/**
 * Draws every enabled pool whose draw block is indexed, in one transaction each: the draw's
 * inputs, its winners, a 'pool_won' notification to each, the 'pool' event. Answers the ids.
 */
async function drawDuePools(deps: Deps): Promise<string[]> {
  const tip = await indexedTip(deps.db);
  if (tip === null) return [];
  const drawn: string[] = [];
  for (const { id } of await poolsDue(deps.db.kysely, tip)) {
    if (await drawPool(deps, id)) drawn.push(id);
  }
  return drawn;
}

async function drawPool(deps: Deps, poolId: string): Promise<boolean> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    // The row lock makes two passes (or processes) draw a pool once.
    const pool = await lockPoolToDraw(trx, poolId);
    if (!pool || pool.seed === null || pool.drawBlock === null) return false;
    const blockHash = await blockHashAt(trx, pool.drawBlock);
    if (blockHash === null) return false;
    const entries = await poolEntries(trx, pool);
    const rewards = (await rewardsOf(trx, [poolId])).map((r) => r.amount);
    const winners = poolWinners({
      type: pool.type,
      winnerCount: pool.winnerCount,
      rewards,
      entries,
      seedHex: pool.seed,
      blockHashHex: blockHash,
    });
    await insertDraw(trx, {
      poolId,
      height: pool.drawBlock,
      blockHash,
      entriesHash: entriesHash(entries),
      winners,
    });
    await notify(trx, {
      to: winners.map((w) => w.address),
      type: 'pool_won',
      title: `You won in ${pool.title}`,
      body: 'Your reward is on its way: the payout is sent from the rewards wallet.',
      payload: { link: `/rewards/${poolId}` },
      dedupeKey: wonKey(poolId, blockHash),
    });
    await publishPool(trx, deps.db.schema, poolId);
    return true;
  });
}

/** Draws whose block a reorg replaced, nothing paid yet: undone, drawn again later. */
async function undoReorgedDraws(deps: Deps): Promise<string[]> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const undone = await deleteReorgedDraws(trx);
    await retract(
      trx,
      undone.map((d) => wonKey(d.poolId, d.blockHash)),
    );
    for (const d of undone) await publishPool(trx, deps.db.schema, d.poolId);
    return undone.map((d) => d.poolId);
  });
}

/** The indexed tip once it reached the chain's (null mid-sync, or when the source is down). */
async function caughtUpTip(deps: Pick<AppDeps, 'chain' | 'db'>): Promise<number | null> {
  const tip = await indexedTip(deps.db);
  const chainTip = await deps.chain.source.tipHeight().catch(() => undefined);
  return tip !== null && chainTip !== undefined && tip >= chainTip ? tip : null;
}

/**
 * Upserts the seed file's pools at start (a relative pool waits for the first indexed block),
 * then after each indexed block: undo reorged draws, draw the pools due.
 */
export function startPoolsWorker(deps: AppDeps): () => Promise<void> {
  let pending: SeedPool[] = readSeedPools(deps);
  let isFirst = true;
  return startChainWorker(
    deps,
    'reward pools',
    async () => {
      if (isFirst || pending.length > 0) {
        const tip = await caughtUpTip(deps);
        const waiting = await upsertPools(deps, pending, { updateExisting: isFirst, tip });
        isFirst = false;
        pending = pending.filter((p) => waiting.includes(p.id));
      }
      const undone = await undoReorgedDraws(deps);
      if (undone.length > 0) deps.log.warn({ pools: undone }, 'reward pools: reorged draws undone');
      const drawn = await drawDuePools(deps);
      if (drawn.length > 0) deps.log.info({ pools: drawn }, 'reward pools drawn');
    },
    ['block'],
  );
}
