import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';

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
 * their 'hold' rows; answers the heights forgotten.
 */
export async function forgetReorgedBlocks(db: Db): Promise<number[]> {
  return db.kysely.transaction().execute(async (trx) => {
    const { rows } = await sql<{ height: number }>`
      delete from xp_blocks x
      where not exists (
        select 1 from brc20_blocks b where b.height = x.height and b.hash = x.hash)
      returning x.height`.execute(trx);
    const heights = rows.map((r) => r.height);
    if (heights.length > 0) {
      await trx
        .deleteFrom('xp_ledger')
        .where('reason', '=', 'hold')
        .where('height', 'in', heights)
        .execute();
    }
    return heights;
  });
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
 * One block's XP in one transaction, with its record: each address that held the token at the
 * end of the block (today's balance less the changes of later blocks) earns
 * floor(tokens × rate). Keyed per block and pkscript, so a second pass adds nothing.
 */
export async function accrueBlock(
  db: Db,
  config: XpAccrualConfig,
  block: { height: number; hash: string },
): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const { rows } = await sql<{ holders: number }>`
      with ticker as (
        select decimals from brc20_tickers where tick = ${config.tick}
      ), later as (
        select pkscript, sum(overall_delta) as delta from brc20_balance_changes
        where tick = ${config.tick} and height > ${block.height}
        group by pkscript
      ), held as (
        select b.pkscript, b.address, b.overall - coalesce(l.delta, 0) as units
        from brc20_balances b left join later l on l.pkscript = b.pkscript
        where b.tick = ${config.tick} and b.address is not null and b.first_height <= ${block.height}
      ), inserted as (
        insert into xp_ledger (address, delta, reason, height, key)
        select h.address,
          floor(h.units * ${config.rate}::numeric / power(10::numeric, t.decimals))::bigint,
          'hold', ${block.height}, 'hold:' || ${block.height} || ':' || h.pkscript
        from held h, ticker t
        where floor(h.units * ${config.rate}::numeric / power(10::numeric, t.decimals)) > 0
        on conflict (key) do nothing
        returning 1
      )
      select count(*)::int as holders from inserted`.execute(trx);
    const holders = rows[0]?.holders ?? 0;
    await trx
      .insertInto('xp_blocks')
      .values({ height: block.height, hash: block.hash, holders })
      .onConflict((oc) => oc.column('height').doNothing())
      .execute();
    return holders;
  });
}

/** An address's XP: the sum of its ledger. */
export async function xpOf(db: Db, address: string): Promise<bigint> {
  const row = await db.kysely
    .selectFrom('xp_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('delta'), sql<string>`0`).as('xp'))
    .where('address', '=', address)
    .executeTakeFirst();
  return BigInt(row?.xp ?? 0);
}

export const XP_HISTORY_PAGE_SIZE = 10;

/**
 * The ledger of an address, newest first, 10 a page; the hold rows of many blocks are the bulk
 * of it, each one a line the header's number is made of.
 */
export async function xpHistory(db: Db, address: string, page: number) {
  const rows = await db.kysely
    .selectFrom('xp_ledger')
    .select(['id', 'delta', 'reason', 'height', 'txid', 'created_at'])
    .where('address', '=', address)
    .orderBy('id', 'desc')
    .limit(XP_HISTORY_PAGE_SIZE + 1)
    .offset((page - 1) * XP_HISTORY_PAGE_SIZE)
    .execute();
  return {
    entries: rows.slice(0, XP_HISTORY_PAGE_SIZE).map((r) => ({
      delta: String(r.delta),
      reason: r.reason,
      height: r.height,
      txid: r.txid,
      timestamp: new Date(r.created_at).toISOString(),
    })),
    page,
    hasMore: rows.length > XP_HISTORY_PAGE_SIZE,
  };
}
