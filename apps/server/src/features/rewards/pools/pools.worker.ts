import { entriesHash } from '@om/bitcoin';
import type { AppDeps } from '../../../app-deps.ts';
import { startChainWorker } from '../../../chain/chain-worker.ts';
import { notify, retract } from '../../notifications/notifications.service.ts';
import { poolWinners } from './pools.draw.ts';
import {
  deleteReorgedDraws,
  indexedTip,
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
    const pool = await trx
      .selectFrom('pools')
      .select(['id', 'type', 'title', 'winner_count', 'seed', 'draw_block'])
      .where('id', '=', poolId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const done = await trx
      .selectFrom('pool_draws')
      .select('pool_id')
      .where('pool_id', '=', poolId)
      .executeTakeFirst();
    if (done || pool.seed === null || pool.draw_block === null) return false;
    const block = await trx
      .selectFrom('chain_blocks')
      .select('hash')
      .where('height', '=', pool.draw_block)
      .executeTakeFirst();
    if (!block) return false;
    const entries = await poolEntries(trx, pool);
    const rewards = (await rewardsOf(trx, [poolId])).map((r) => BigInt(r.amount));
    const winners = poolWinners({
      type: pool.type,
      winnerCount: pool.winner_count,
      rewards,
      entries,
      seedHex: pool.seed,
      blockHashHex: block.hash,
    });
    await trx
      .insertInto('pool_draws')
      .values({
        pool_id: poolId,
        height: pool.draw_block,
        block_hash: block.hash,
        entries_hash: entriesHash(entries),
      })
      .execute();
    if (winners.length > 0) {
      await trx
        .insertInto('pool_winners')
        .values(
          winners.map((w) => ({
            pool_id: poolId,
            reward_index: w.rewardIndex,
            address: w.address,
            amount: String(w.amount),
          })),
        )
        .execute();
    }
    await notify(trx, {
      to: winners.map((w) => w.address),
      type: 'pool_won',
      title: `You won in ${pool.title}`,
      body: 'Your reward is on its way: the payout is sent from the rewards wallet.',
      payload: { link: `/rewards/${poolId}` },
      dedupeKey: wonKey(poolId, block.hash),
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
      undone.map((d) => wonKey(d.pool_id, d.block_hash)),
    );
    for (const d of undone) await publishPool(trx, deps.db.schema, d.pool_id);
    return undone.map((d) => d.pool_id);
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
