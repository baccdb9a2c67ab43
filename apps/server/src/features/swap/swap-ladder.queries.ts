import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';

// The pools' ladders (0025): the amounts each keeps ready, and the transfer inscriptions it made
// for them. A rung is journalled as claim kind 'swap', ref 'ladder:{inscription}'.

type Conn = Kysely<Database> | Transaction<Database>;

export type PoolLadder = { tick: string; amounts: bigint[]; depth: number };

export type LadderRung = {
  inscriptionId: string;
  amount: bigint;
  txid: string;
  vout: number;
  value: bigint;
};

export const ladderRef = (inscriptionId: string) => `ladder:${inscriptionId}`;

/** Pools that keep a ladder. */
export async function poolLadders(db: Db): Promise<PoolLadder[]> {
  const rows = await db.kysely
    .selectFrom('swap_pools')
    .select(['tick', 'ladder', 'ladder_depth'])
    .where(sql<boolean>`cardinality(ladder) > 0 and ladder_depth > 0`)
    .orderBy('tick')
    .execute();
  return rows.map((r) => ({ tick: r.tick, amounts: r.ladder.map(BigInt), depth: r.ladder_depth }));
}

/** Sets a pool's ladder (amounts at the index's scale); an empty list stops restocking. */
export async function setPoolLadder(
  db: Db,
  tick: string,
  amounts: readonly bigint[],
  depth: number,
): Promise<void> {
  await db.kysely
    .updateTable('swap_pools')
    .set({ ladder: [...new Set(amounts)].sort((a, b) => (a < b ? -1 : 1)), ladder_depth: depth })
    .where('tick', '=', tick)
    .execute();
}

/**
 * The rungs a buy may take: the index has the transfer inscribed and unused, and no order has
 * sent it (a live quote still holds its coin: the caller leaves promised outpoints out).
 */
export async function readyRungs(conn: Conn, tick: string): Promise<LadderRung[]> {
  const { rows } = await sql<{
    inscription_id: string;
    amount: string;
    txid: string;
    vout: number;
    value: string;
  }>`
    select l.inscription_id, l.amount::text, l.txid, l.vout, l.value::text
    from swap_ladder l
    join brc20_transferables t on t.inscription_id = l.inscription_id and t.used_height is null
    where l.tick = ${tick} and ${notSent}
    order by l.amount, l.created_at`.execute(conn);
  return rows.map((r) => ({
    inscriptionId: r.inscription_id,
    amount: BigInt(r.amount),
    txid: r.txid,
    vout: r.vout,
    value: BigInt(r.value),
  }));
}

/**
 * How many rungs of each amount the pool has or is making: not used, not sent by an order, and
 * their commit and reveal not released (those a block has not confirmed yet count: they are on
 * their way).
 */
export async function ladderStock(conn: Conn, tick: string): Promise<Map<bigint, number>> {
  const { rows } = await sql<{ amount: string; n: number }>`
    select l.amount::text, count(*)::int as n
    from swap_ladder l
    where l.tick = ${tick} and ${notSent}
      and not exists (select 1 from brc20_transferables t
                      where t.inscription_id = l.inscription_id and t.used_height is not null)
      and ${rungJournalLive}
    group by l.amount`.execute(conn);
  return new Map(rows.map((r) => [BigInt(r.amount), r.n]));
}

/**
 * A rung's commit and reveal are journalled and not released (their coins went elsewhere): the
 * rung is, or will be, at the pool. `l` is the swap_ladder row.
 */
export const rungJournalLive = sql`exists (select 1 from claimed_transactions c where c.kind = 'swap'
  and c.ref = 'ladder:' || l.inscription_id and c.status <> 'released')`;

const notSent = sql`not exists (select 1 from swap_orders o where o.inscription_id = l.inscription_id
  and o.state in ('pending', 'confirmed', 'completed'))`;

export async function insertRung(
  trx: Transaction<Database>,
  tick: string,
  rung: LadderRung,
): Promise<void> {
  await trx
    .insertInto('swap_ladder')
    .values({
      inscription_id: rung.inscriptionId,
      tick,
      amount: rung.amount,
      txid: rung.txid,
      vout: rung.vout,
      value: rung.value,
    })
    .execute();
}
