import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../../db/create-db.ts';
import type { Database } from '../../../db/database.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Whether a session may act for the address: its sign-in address or one its user linked. */
export async function userHasAddress(
  db: Db,
  session: { userId: string; address: string },
  address: string,
): Promise<boolean> {
  if (address === session.address) return true;
  const row = await db.kysely
    .selectFrom('addresses')
    .select('id')
    .where('address', '=', address)
    .where('user_id', '=', session.userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The address's task rows: reason → when it was credited. */
export async function taskRowsOf(db: Db, address: string, keys: string[]) {
  const rows = await db.kysely
    .selectFrom('xp_ledger')
    .select(['reason', 'created_at'])
    .where('address', '=', address)
    .where('key', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.reason, new Date(r.created_at)]));
}

/** Answers whether this call wrote the row (false: the task was already done). */
export async function insertTaskRow(
  trx: Executor,
  row: { address: string; delta: bigint; reason: string; key: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('xp_ledger')
    .values(row)
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Who qualifies, from our own trade rows (never from client-written order records): a confirmed
 * purchase (a listing without a launch phase) makes its buyer and seller traders; a confirmed
 * trade of a launch phase's item makes its taker a minter. `address` names the column to match.
 */
const qualifying = {
  'first-trade': (address: ReturnType<typeof sql.ref>) => sql`
    select 1 from trade_history t join orderbook o on o.id = t.order_id
    where t.trade_status = 'confirmed' and o.phase_id is null
      and (t.taker_address = ${address} or t.maker_address = ${address})`,
  'first-mint': (address: ReturnType<typeof sql.ref>) => sql`
    select 1 from trade_history t join orderbook o on o.id = t.order_id
    where t.trade_status = 'confirmed' and o.phase_id is not null
      and t.taker_address = ${address}`,
};

/**
 * One row for every address that qualifies and has none yet, at its earliest qualifying trade's
 * block and transaction; answers the addresses credited.
 */
export async function creditTradeTasks(
  trx: Executor,
  xp: { 'first-trade': bigint; 'first-mint': bigint },
): Promise<{ task: 'first-trade' | 'first-mint'; address: string }[]> {
  const { rows: traders } = await sql<{ address: string }>`
    insert into xp_ledger (address, delta, reason, height, txid, key)
    select distinct on (q.address) q.address, ${String(xp['first-trade'])}::bigint,
      'task:first-trade', q.block_height, q.transaction_id, 'task:first-trade:' || q.address
    from (
      select t.id, t.taker_address as address, t.block_height, t.transaction_id
      from trade_history t join orderbook o on o.id = t.order_id
      where t.trade_status = 'confirmed' and o.phase_id is null
      union all
      select t.id, t.maker_address, t.block_height, t.transaction_id
      from trade_history t join orderbook o on o.id = t.order_id
      where t.trade_status = 'confirmed' and o.phase_id is null
    ) q
    where not exists (select 1 from xp_ledger x where x.key = 'task:first-trade:' || q.address)
    order by q.address, q.block_height, q.id
    on conflict (key) do nothing
    returning address`.execute(trx);
  const { rows: minters } = await sql<{ address: string }>`
    insert into xp_ledger (address, delta, reason, height, txid, key)
    select distinct on (t.taker_address) t.taker_address, ${String(xp['first-mint'])}::bigint,
      'task:first-mint', t.block_height, t.transaction_id, 'task:first-mint:' || t.taker_address
    from trade_history t join orderbook o on o.id = t.order_id
    where t.trade_status = 'confirmed' and o.phase_id is not null
      and not exists (select 1 from xp_ledger x where x.key = 'task:first-mint:' || t.taker_address)
    order by t.taker_address, t.block_height, t.id
    on conflict (key) do nothing
    returning address`.execute(trx);
  return [
    ...traders.map((r) => ({ task: 'first-trade' as const, address: r.address })),
    ...minters.map((r) => ({ task: 'first-mint' as const, address: r.address })),
  ];
}

/**
 * A reorg the tracker followed took an address's only qualifying trade out of the chain: the
 * task row goes, as the XP of reorged blocks does (xp.queries.ts), so the ledger stays what the
 * chain says; the block mined again credits it anew. XP already spent from it then leaves the
 * address short until it earns more. Answers the keys removed.
 */
export async function removeUnbackedTradeTasks(trx: Executor): Promise<string[]> {
  const removed: string[] = [];
  for (const task of ['first-trade', 'first-mint'] as const) {
    const { rows } = await sql<{ key: string }>`
      delete from xp_ledger x
      where x.reason = ${`task:${task}`}
        and not exists (${qualifying[task](sql.ref('x.address'))})
      returning x.key`.execute(trx);
    removed.push(...rows.map((r) => r.key));
  }
  return removed;
}
