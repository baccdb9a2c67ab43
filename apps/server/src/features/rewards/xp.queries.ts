import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** XP (ADR 020): the ledger's reads and the accrual from the BRC-20 index's balances. */

export type XpAccrualConfig = {
  /** The utility token (lower case, as the index keys ticks). */
  tick: string;
  /** XP per whole token per block, a decimal string. */
  rate: string;
  startHeight: number;
  /** At most this many blocks per pass (a catch-up goes on next pass). */
  maxBlocks?: number;
};

/**
 * Forgets the accrued blocks the BRC-20 index no longer has under the same hash (a reorg), with
 * the periods that end past the fork, and rebuilds every open period at the fork: the balance
 * then (today's less later changes), since the block after its last remaining period (or the
 * start, or the block its balance row was created). Answers the heights forgotten.
 */
export async function forgetReorgedBlocks(db: Db, config: XpAccrualConfig): Promise<number[]> {
  return db.kysely.transaction().execute(async (trx) => {
    const { rows } = await sql<{ height: number }>`
      delete from xp_blocks x
      where not exists (
        select 1 from brc20_blocks b where b.height = x.height and b.hash = x.hash)
      returning x.height`.execute(trx);
    const heights = rows.map((r) => r.height);
    if (heights.length === 0) return heights;
    const fork = Math.min(...heights) - 1;
    await trx
      .deleteFrom('xp_ledger')
      .where('reason', '=', 'hold')
      .where('height', '>', fork)
      .execute();
    await trx.deleteFrom('xp_holdings').execute();
    if (fork >= config.startHeight) await openPeriods(trx, config, fork);
    return heights;
  });
}

/**
 * Every holder's open period at the end of `height`: its balance then, since the block after its
 * last closed period, or since max(start, the block its balance row was created).
 */
async function openPeriods(trx: Executor, config: XpAccrualConfig, height: number) {
  await sql`
    with later as (
      select pkscript, sum(overall_delta) as delta from brc20_balance_changes
      where tick = ${config.tick} and height > ${height}
      group by pkscript
    )
    insert into xp_holdings (pkscript, address, units, since_height)
    select b.pkscript, b.address, b.overall - coalesce(l.delta, 0),
      coalesce(
        (select max(x.height) + 1 from xp_ledger x
          where x.reason = 'hold' and x.pkscript = b.pkscript),
        greatest(${config.startHeight}, b.first_height))
    from brc20_balances b left join later l on l.pkscript = b.pkscript
    where b.tick = ${config.tick} and b.address is not null and b.first_height <= ${height}`.execute(
    trx,
  );
}

/** The BRC-20-indexed blocks from the start not accrued yet, oldest first. */
export async function blocksToAccrue(
  db: Db,
  startHeight: number,
  limit: number,
): Promise<{ height: number; hash: string }[]> {
  const { rows } = await sql<{ height: number; hash: string }>`
    select b.height, b.hash from brc20_blocks b
    where b.height >= ${startHeight}
      and b.height > coalesce((select max(height) from xp_blocks), ${startHeight - 1})
    order by b.height
    limit ${limit}`.execute(db.kysely);
  return rows;
}

/**
 * One block, in one transaction with its record. The start block opens every holder's period.
 * Any later block closes the periods of the holders whose balance it changed (a 'hold' row:
 * floor(tokens × rate) × the period's blocks, keyed by holder and first block, so a second pass
 * adds nothing) and opens new ones at the new balance. Answers how many holders it changed.
 */
export async function accrueBlock(
  db: Db,
  config: XpAccrualConfig,
  block: { height: number; hash: string },
): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    let changed: number;
    if (block.height === config.startHeight) {
      await openPeriods(trx, config, block.height);
      changed = 0;
    } else {
      changed = await closeAndReopen(trx, config, block.height);
    }
    await trx
      .insertInto('xp_blocks')
      .values({ height: block.height, hash: block.hash, changed })
      .onConflict((oc) => oc.column('height').doNothing())
      .execute();
    return changed;
  });
}

// Units are the index's: every BRC-20 amount is scaled by 10^18 whatever the ticker's decimals
// (core's BRC20_SCALE), so whole tokens are units / 10^18 for every ticker.
async function closeAndReopen(trx: Executor, config: XpAccrualConfig, height: number) {
  const { rows } = await sql<{ changed: number }>`
    with moved as (
      select c.pkscript, b.address,
        b.overall - coalesce((select sum(l.overall_delta) from brc20_balance_changes l
          where l.tick = c.tick and l.pkscript = c.pkscript and l.height > ${height}), 0) as units
      from brc20_balance_changes c
      join brc20_balances b on b.pkscript = c.pkscript and b.tick = c.tick
      where c.tick = ${config.tick} and c.height = ${height} and b.address is not null
    ), closed as (
      insert into xp_ledger (address, delta, reason, from_height, height, pkscript, key)
      select h.address,
        (floor(h.units * ${config.rate}::numeric / power(10::numeric, 18))
          * (${height} - h.since_height))::bigint,
        'hold', h.since_height, ${height} - 1, h.pkscript,
        'hold:' || h.pkscript || ':' || h.since_height
      from xp_holdings h join moved m on m.pkscript = h.pkscript
      where h.since_height < ${height}
      on conflict (key) do nothing
      returning 1
    ), opened as (
      insert into xp_holdings (pkscript, address, units, since_height)
      select pkscript, address, units, ${height} from moved
      on conflict (pkscript) do update
        set address = excluded.address, units = excluded.units, since_height = excluded.since_height
      returning 1
    )
    select (select count(*) from opened)::int as changed`.execute(trx);
  return rows[0]?.changed ?? 0;
}

/**
 * An address's XP: its ledger, plus its open periods up to the last accrued block (each block
 * floor(tokens × rate)).
 */
export async function xpOf(db: Db, address: string, config: XpAccrualConfig): Promise<bigint> {
  const { rows } = await sql<{ xp: string }>`
    select (
      coalesce((select sum(delta) from xp_ledger where address = ${address}), 0)
      + coalesce((
        select sum(floor(h.units * ${config.rate}::numeric / power(10::numeric, 18))
          * ((select max(height) from xp_blocks) - h.since_height + 1))
        from xp_holdings h
        where h.address = ${address}
          and h.since_height <= (select max(height) from xp_blocks)), 0)
    )::bigint::text as xp`.execute(db.kysely);
  return BigInt(rows[0]?.xp ?? 0);
}

const XP_HISTORY_PAGE_SIZE = 10;

/** The ledger of an address, newest first, 10 a page: its closed periods, tasks and spending. */
export async function xpHistory(db: Db, address: string, page: number) {
  const rows = await db.kysely
    .selectFrom('xp_ledger')
    .select(['id', 'delta', 'reason', 'from_height', 'height', 'txid', 'created_at'])
    .where('address', '=', address)
    .orderBy('id', 'desc')
    .limit(XP_HISTORY_PAGE_SIZE + 1)
    .offset((page - 1) * XP_HISTORY_PAGE_SIZE)
    .execute();
  return {
    entries: rows.slice(0, XP_HISTORY_PAGE_SIZE).map((r) => ({
      delta: String(r.delta),
      reason: r.reason,
      fromHeight: r.from_height,
      height: r.height,
      txid: r.txid,
      timestamp: new Date(r.created_at).toISOString(),
    })),
    page,
    hasMore: rows.length > XP_HISTORY_PAGE_SIZE,
  };
}
