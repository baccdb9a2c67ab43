import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { RewardPool, PoolReward } from './pools.queries.ts';

// The seed file's writes (ADR 020): a pool inserted once with its draw commitment, its display
// fields and (until the draw) its rewards updated on later starts.

type Executor = Kysely<Database> | Transaction<Database>;

export type SeedReward = Omit<PoolReward, 'poolId'>;

/** The collection an inscription belongs to, by slug: the allowed payout tokens name them. */
export async function collectionSlugOf(
  db: Executor,
  inscriptionId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('inscriptions as i')
    .innerJoin('collections as c', 'c.id', 'i.collection_id')
    .select('c.slug')
    .where('i.inscription_id', '=', inscriptionId)
    .executeTakeFirst();
  return row?.slug;
}

/** The pool already in the table, and whether it was drawn. */
export async function seededPool(
  db: Executor,
  id: string,
): Promise<{ id: string; isDrawn: boolean } | undefined> {
  const row = await db
    .selectFrom('pools')
    .leftJoin('pool_draws as d', 'd.pool_id', 'pools.id')
    .select(['pools.id', 'd.pool_id as drawn'])
    .where('pools.id', '=', id)
    .executeTakeFirst();
  return row && { id: row.id, isDrawn: row.drawn !== null };
}

export async function insertSeedPool(
  trx: Transaction<Database>,
  pool: Omit<RewardPool, 'totalPointsAllocated' | 'totalTickets' | 'draw'>,
): Promise<void> {
  await trx
    .insertInto('pools')
    .values({
      id: pool.id,
      type: pool.type,
      title: pool.title,
      img: pool.img,
      start_block: pool.startBlock,
      end_block: pool.endBlock,
      winner_count: pool.winnerCount,
      enabled: pool.enabled,
      sort_order: pool.sortOrder,
      seed: pool.seed,
      seed_hash: pool.seedHash,
      draw_block: pool.drawBlock,
      ticket_price: pool.ticketPrice,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** What shows: title, image, enabled and order. */
export async function updateSeedPool(
  trx: Transaction<Database>,
  pool: Pick<RewardPool, 'id' | 'title' | 'img' | 'enabled' | 'sortOrder'>,
): Promise<void> {
  await trx
    .updateTable('pools')
    .set({ title: pool.title, img: pool.img, enabled: pool.enabled, sort_order: pool.sortOrder })
    .where('id', '=', pool.id)
    .execute();
}

export async function deletePoolRewards(trx: Transaction<Database>, poolId: string) {
  await trx.deleteFrom('pool_rewards').where('pool_id', '=', poolId).execute();
}

export async function insertPoolRewards(
  trx: Transaction<Database>,
  poolId: string,
  rewards: readonly SeedReward[],
): Promise<void> {
  await trx
    .insertInto('pool_rewards')
    .values(
      rewards.map((r) => ({
        pool_id: poolId,
        type: r.type,
        asset: r.asset,
        amount: String(r.amount),
        name: r.name,
        estimated_value: r.estimatedValue,
      })),
    )
    .execute();
}
