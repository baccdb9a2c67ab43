import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../../db/create-db.ts';
import type { Database } from '../../../db/database.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Mining (ADR 020): cycle k is blocks [144k, 144k + 143]. */
const CYCLE_BLOCKS = 144;

export function cycleOf(height: number): number {
  return Math.floor(height / CYCLE_BLOCKS);
}

export function cycleBounds(cycle: number): { start: number; end: number } {
  return { start: cycle * CYCLE_BLOCKS, end: cycle * CYCLE_BLOCKS + CYCLE_BLOCKS - 1 };
}

/** The highest block the BRC-20 index has: holdings are only known up to it. */
export async function brc20Tip(db: Executor): Promise<number | null> {
  const row = await db
    .selectFrom('brc20_blocks')
    .select((eb) => eb.fn.max('height').as('height'))
    .executeTakeFirst();
  return row?.height ?? null;
}

/** Sats the fee address received in the outputs of blocks [from, to] (spent or not). */
export async function feesReceived(
  db: Executor,
  feeAddress: string | undefined,
  from: number,
  to: number,
): Promise<bigint> {
  if (!feeAddress || to < from) return 0n;
  const { rows } = await sql<{ fees: string }>`
    select coalesce(sum(value), 0)::text as fees from chain_utxos
    where address = ${feeAddress} and height between ${from} and ${to}`.execute(db);
  return BigInt(rows[0]?.fees ?? 0);
}

/** What the previous cycle carried out, once closed. */
export async function carriedInto(db: Executor, cycle: number): Promise<bigint> {
  const row = await db
    .selectFrom('mining_cycles')
    .select('carried_out')
    .where('cycle', '=', cycle - 1)
    .executeTakeFirst();
  return BigInt(row?.carried_out ?? 0);
}

/**
 * Each address's token-blocks in [from, to]: the sum over those blocks of its balance at the end
 * of each (XP's convention, ADR 020). Read from the BRC-20 index rather than the XP periods, whose
 * closed rows keep the XP and not the balance: balance(to) × blocks, less each change inside the
 * range times the blocks before it that did not have it. In the index's units (10^18 a token,
 * whatever the ticker's decimals); only positive holdings, by address ascending (the order the
 * split's ties go by).
 */
export async function holdings(
  db: Executor,
  tick: string,
  from: number,
  to: number,
): Promise<{ address: string; holding: bigint }[]> {
  if (to < from) return [];
  const { rows } = await sql<{ address: string; holding: string }>`
    with per_script as (
      select b.address,
        (b.overall - coalesce((select sum(c.overall_delta) from brc20_balance_changes c
            where c.tick = b.tick and c.pkscript = b.pkscript and c.height > ${to}), 0))
          * ${to - from + 1}
        - coalesce((select sum(c.overall_delta * (c.height - ${from})) from brc20_balance_changes c
            where c.tick = b.tick and c.pkscript = b.pkscript
              and c.height > ${from} and c.height <= ${to}), 0) as holding
      from brc20_balances b
      where b.tick = ${tick} and b.address is not null and b.first_height <= ${to}
    )
    select address, trunc(sum(holding))::text as holding from per_script
    group by address having sum(holding) > 0
    order by address`.execute(db);
  return rows.map((r) => ({ address: r.address, holding: BigInt(r.holding) }));
}

/**
 * The first cycle not closed yet from the one XP starts in: usually the one after the last
 * closed, or an earlier one whose payout was spent elsewhere and reopened.
 */
export async function nextOpenCycle(db: Db, startHeight: number): Promise<number> {
  const first = cycleOf(startHeight);
  const { rows } = await sql<{ cycle: number | null }>`
    select min(c.cycle) as cycle from (
      select ${first}::int as cycle
      union all select cycle + 1 from mining_cycles where cycle >= ${first}
    ) c
    where not exists (select 1 from mining_cycles m where m.cycle = c.cycle)`.execute(db.kysely);
  return rows[0]?.cycle ?? first;
}

export async function isCycleClosed(trx: Executor, cycle: number): Promise<boolean> {
  const row = await trx
    .selectFrom('mining_cycles')
    .select('cycle')
    .where('cycle', '=', cycle)
    .executeTakeFirst();
  return row !== undefined;
}

/** The payout of a cycle was spent elsewhere before it was mined: the cycle is open again. */
export async function reopenCycle(trx: Executor, txid: string): Promise<void> {
  await trx.deleteFrom('mining_cycles').where('txid', '=', txid).execute();
}
