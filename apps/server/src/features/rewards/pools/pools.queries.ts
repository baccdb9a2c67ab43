import { sql, type Kysely, type Transaction } from 'kysely';
import type { DrawEntry } from '@om/bitcoin';
import type { Db } from '../../../db/create-db.ts';
import type { Database } from '../../../db/database.ts';
import { marketChannel } from '../../events/market-events.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The indexed tip: pools' states and the draw read the chain as we indexed it. */
export async function indexedTip(db: Db | { kysely: Executor }): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('chain_blocks')
    .select((eb) => eb.fn.max('height').as('height'))
    .executeTakeFirst();
  return row?.height ?? null;
}

const poolColumns = [
  'p.id',
  'p.type',
  'p.title',
  'p.img',
  'p.start_block',
  'p.end_block',
  'p.winner_count',
  'p.total_points_allocated',
  'p.total_tickets',
  'p.ticket_price',
  'p.enabled',
  'p.sort_order',
  'p.seed',
  'p.seed_hash',
  'p.draw_block',
  'd.block_hash',
  'd.entries_hash',
  'd.drawn_at',
] as const;

/** Enabled pools (one, or all by order) with their draw when drawn. */
export async function poolRows(db: Executor, id?: string) {
  let query = db
    .selectFrom('pools as p')
    .leftJoin('pool_draws as d', 'd.pool_id', 'p.id')
    .select(poolColumns)
    .where('p.enabled', '=', true);
  if (id !== undefined) query = query.where('p.id', '=', id);
  return query.orderBy('p.sort_order').orderBy('p.id').execute();
}
export type PoolRow = Awaited<ReturnType<typeof poolRows>>[number];

/** Each pool's rewards in position order: a reward's index is its position by id. */
export async function rewardsOf(db: Executor, poolIds: readonly string[]) {
  if (poolIds.length === 0) return [];
  return db
    .selectFrom('pool_rewards')
    .select(['pool_id', 'type', 'asset', 'amount', 'name', 'estimated_value'])
    .where('pool_id', 'in', poolIds)
    .orderBy('id')
    .execute();
}

/** Winners with the payout's txid once the payouts worker journalled it. */
export async function winnersOf(db: Executor, poolIds: readonly string[]) {
  if (poolIds.length === 0) return [];
  return db
    .selectFrom('pool_winners as w')
    .leftJoin('rewards as r', (join) =>
      join
        .onRef('r.pool_id', '=', 'w.pool_id')
        .onRef('r.reward_index', '=', 'w.reward_index')
        .onRef('r.address', '=', 'w.address')
        .on('r.type', '=', 'pool'),
    )
    .select(['w.pool_id', 'w.reward_index', 'w.address', 'w.amount', 'r.txid'])
    .where('w.pool_id', 'in', poolIds)
    .orderBy('w.reward_index')
    .orderBy('w.address')
    .execute();
}

/**
 * The entries the draw reads: one per address, its points (proportionate) or tickets summed,
 * in the order of its first entry.
 */
export async function poolEntries(
  db: Executor,
  pool: { id: string; type: string },
): Promise<DrawEntry[]> {
  const { rows } =
    pool.type === 'proportionate'
      ? await sql<{ address: string; weight: string }>`
          select address, sum(points)::text as weight from point_allocations
          where pool_id = ${pool.id} group by address order by min(id)`.execute(db)
      : await sql<{ address: string; weight: string }>`
          select address, sum(count)::text as weight from tickets
          where pool_id = ${pool.id} group by address order by min(id)`.execute(db);
  return rows.map((r) => ({ address: r.address, tickets: BigInt(r.weight) }));
}

/** An address's points and tickets in a pool. */
export async function entryOf(db: Executor, poolId: string, address: string) {
  const { rows } = await sql<{ points: string; tickets: string }>`
    select
      (select coalesce(sum(points), 0) from point_allocations
        where pool_id = ${poolId} and address = ${address})::text as points,
      (select coalesce(sum(count), 0) from tickets
        where pool_id = ${poolId} and address = ${address})::text as tickets`.execute(db);
  return { points: BigInt(rows[0]?.points ?? 0), tickets: BigInt(rows[0]?.tickets ?? 0) };
}

/** Spends of one address wait for each other, so two cannot both spend the same XP. */
export async function lockAddressXp(trx: Transaction<Database>, address: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`xp-spend:${address}`}))`.execute(trx);
}

/** The entry and its negative ledger row, and the pool's total, in the caller's transaction. */
export async function insertSpend(
  trx: Transaction<Database>,
  spend: { poolId: string; userId: string; address: string; cost: bigint } & (
    { points: bigint } | { tickets: number }
  ),
): Promise<void> {
  const { poolId, userId, address } = spend;
  const entry =
    'points' in spend
      ? await trx
          .insertInto('point_allocations')
          .values({ pool_id: poolId, user_id: userId, address, points: spend.points })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('tickets')
          .values({ pool_id: poolId, user_id: userId, address, count: spend.tickets })
          .returning('id')
          .executeTakeFirstOrThrow();
  await trx
    .insertInto('xp_ledger')
    .values({
      address,
      delta: -spend.cost,
      reason: 'spend:pool',
      key: `spend:${poolId}:${entry.id}`,
    })
    .execute();
  await trx
    .updateTable('pools')
    .set((eb) =>
      'points' in spend
        ? { total_points_allocated: eb('total_points_allocated', '+', String(spend.points)) }
        : { total_tickets: eb('total_tickets', '+', String(spend.tickets)) },
    )
    .where('id', '=', poolId)
    .execute();
}

/**
 * The 'pool' event ({ id }), sent on the market channel so every server process hears it after
 * the transaction commits, as trades and listings are (market-events.ts).
 */
export async function publishPool(db: Executor, schema: string, id: string): Promise<void> {
  const payload = JSON.stringify({ kind: 'pool', data: { id } });
  await sql`select pg_notify(${marketChannel(schema)}, ${payload})`.execute(db);
}

/** Enabled pools not drawn whose draw block is indexed. */
export async function poolsDue(db: Executor, tip: number) {
  return db
    .selectFrom('pools as p')
    .select(['p.id'])
    .where('p.enabled', '=', true)
    .where('p.draw_block', '<=', tip)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('pool_draws as d').select('d.pool_id').whereRef('d.pool_id', '=', 'p.id'),
        ),
      ),
    )
    .orderBy('p.draw_block')
    .execute();
}

/**
 * Draws whose block the index no longer has under that hash (a reorg) and that nothing was paid
 * for yet: deleted with their winners, to be drawn again from the new block.
 */
export async function deleteReorgedDraws(trx: Transaction<Database>) {
  const { rows } = await sql<{ pool_id: string; block_hash: string }>`
    delete from pool_draws d
    where not exists (select 1 from chain_blocks b where b.height = d.height and b.hash = d.block_hash)
      and not exists (select 1 from rewards r
                      where r.pool_id = d.pool_id and r.type = 'pool' and r.txid is not null)
    returning d.pool_id, d.block_hash`.execute(trx);
  return rows;
}
