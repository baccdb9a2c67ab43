import { sql, type Kysely, type Transaction } from 'kysely';
import type { DrawEntry } from '@om/bitcoin';
import type { Db } from '../../../db/create-db.ts';
import type { Database } from '../../../db/database.ts';
import type { PoolRewardType, PoolType } from '../../../db/rewards.tables.ts';
import { awaitingBroadcast } from '../../../trading/claimed-transactions.queries.ts';
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

/** A pool as the services use it (ADR 020): XP amounts as bigint. */
export interface RewardPool {
  id: string;
  type: PoolType;
  title: string;
  img: string | null;
  /** null: not set (the spec's -1). */
  startBlock: number | null;
  /** null: open ended (the spec's -1). */
  endBlock: number | null;
  winnerCount: number | null;
  totalPointsAllocated: bigint;
  totalTickets: bigint;
  /** XP a ticket costs. */
  ticketPrice: bigint | null;
  enabled: boolean;
  sortOrder: number;
  /** The draw's secret: never sent before the draw. */
  seed: string | null;
  seedHash: string | null;
  drawBlock: number | null;
  /** Its published draw, once drawn. */
  draw: { blockHash: string; entriesHash: string; drawnAt: Date } | null;
}

/** A pool's reward, in the asset's own units (sats for btc, 1 for an inscription). */
export interface PoolReward {
  poolId: string;
  type: PoolRewardType;
  asset: string | null;
  amount: bigint;
  name: string | null;
  /** Sats. */
  estimatedValue: bigint | null;
}

export interface PoolWinner {
  poolId: string;
  rewardIndex: number;
  address: string;
  /** In the reward's units. */
  amount: bigint;
  /** The payout's, once the payouts worker journalled it. */
  txid: string | null;
  /** Journalled, but the node has not taken the payout yet (the claims worker sends it again). */
  broadcasting: boolean;
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
export async function findPools(db: Executor, id?: string): Promise<RewardPool[]> {
  let query = db
    .selectFrom('pools as p')
    .leftJoin('pool_draws as d', 'd.pool_id', 'p.id')
    .select(poolColumns)
    .where('p.enabled', '=', true);
  if (id !== undefined) query = query.where('p.id', '=', id);
  const rows = await query.orderBy('p.sort_order').orderBy('p.id').execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    img: row.img,
    startBlock: row.start_block,
    endBlock: row.end_block,
    winnerCount: row.winner_count,
    totalPointsAllocated: BigInt(row.total_points_allocated),
    totalTickets: BigInt(row.total_tickets),
    ticketPrice: row.ticket_price === null ? null : BigInt(row.ticket_price),
    enabled: row.enabled,
    sortOrder: row.sort_order,
    seed: row.seed,
    seedHash: row.seed_hash,
    drawBlock: row.draw_block,
    draw:
      row.block_hash === null
        ? null
        : {
            blockHash: row.block_hash,
            entriesHash: row.entries_hash ?? '',
            drawnAt: row.drawn_at ?? new Date(0),
          },
  }));
}

/** Each pool's rewards in position order: a reward's index is its position by id. */
export async function rewardsOf(db: Executor, poolIds: readonly string[]): Promise<PoolReward[]> {
  if (poolIds.length === 0) return [];
  const rows = await db
    .selectFrom('pool_rewards')
    .select(['pool_id', 'type', 'asset', 'amount', 'name', 'estimated_value'])
    .where('pool_id', 'in', poolIds)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    poolId: row.pool_id,
    type: row.type,
    asset: row.asset,
    amount: BigInt(row.amount),
    name: row.name,
    estimatedValue: row.estimated_value === null ? null : BigInt(row.estimated_value),
  }));
}

/** Winners with the payout's txid once the payouts worker journalled it. */
export async function winnersOf(db: Executor, poolIds: readonly string[]): Promise<PoolWinner[]> {
  if (poolIds.length === 0) return [];
  const rows = await db
    .selectFrom('pool_winners as w')
    .leftJoin('rewards as r', (join) =>
      join
        .onRef('r.pool_id', '=', 'w.pool_id')
        .onRef('r.reward_index', '=', 'w.reward_index')
        .onRef('r.address', '=', 'w.address')
        .on('r.type', '=', 'pool'),
    )
    .select(['w.pool_id', 'w.reward_index', 'w.address', 'w.amount', 'r.txid'])
    .select(awaitingBroadcast('reward-payout', sql.ref('r.txid')).as('broadcasting'))
    .where('w.pool_id', 'in', poolIds)
    .orderBy('w.reward_index')
    .orderBy('w.address')
    .execute();
  return rows.map((row) => ({
    poolId: row.pool_id,
    rewardIndex: row.reward_index,
    address: row.address,
    amount: BigInt(row.amount),
    txid: row.txid,
    broadcasting: row.broadcasting,
  }));
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
export async function deleteReorgedDraws(
  trx: Transaction<Database>,
): Promise<{ poolId: string; blockHash: string }[]> {
  const { rows } = await sql<{ pool_id: string; block_hash: string }>`
    delete from pool_draws d
    where not exists (select 1 from chain_blocks b where b.height = d.height and b.hash = d.block_hash)
      and not exists (select 1 from rewards r
                      where r.pool_id = d.pool_id and r.type = 'pool' and r.txid is not null)
    returning d.pool_id, d.block_hash`.execute(trx);
  return rows.map((row) => ({ poolId: row.pool_id, blockHash: row.block_hash }));
}

/** What a draw needs of a pool not drawn yet, its row locked: two passes draw it once. */
export async function lockPoolToDraw(
  trx: Transaction<Database>,
  poolId: string,
): Promise<Pick<
  RewardPool,
  'id' | 'type' | 'title' | 'winnerCount' | 'seed' | 'drawBlock'
> | null> {
  const row = await trx
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
  if (done) return null;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    winnerCount: row.winner_count,
    seed: row.seed,
    drawBlock: row.draw_block,
  };
}

/** The indexed block's hash at a height, null when not indexed. */
export async function blockHashAt(db: Executor, height: number): Promise<string | null> {
  const row = await db
    .selectFrom('chain_blocks')
    .select('hash')
    .where('height', '=', height)
    .executeTakeFirst();
  return row?.hash ?? null;
}

/** The draw's published inputs and its winners (amounts in the reward's units). */
export async function insertDraw(
  trx: Transaction<Database>,
  draw: {
    poolId: string;
    height: number;
    blockHash: string;
    entriesHash: string;
    winners: readonly { rewardIndex: number; address: string; amount: bigint }[];
  },
): Promise<void> {
  await trx
    .insertInto('pool_draws')
    .values({
      pool_id: draw.poolId,
      height: draw.height,
      block_hash: draw.blockHash,
      entries_hash: draw.entriesHash,
    })
    .execute();
  if (draw.winners.length === 0) return;
  await trx
    .insertInto('pool_winners')
    .values(
      draw.winners.map((w) => ({
        pool_id: draw.poolId,
        reward_index: w.rewardIndex,
        address: w.address,
        amount: String(w.amount),
      })),
    )
    .execute();
}
