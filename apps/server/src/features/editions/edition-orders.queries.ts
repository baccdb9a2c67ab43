import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { EditionOrderRow, NewEditionOrder } from '../../db/launchpad.tables.ts';
import type { InscribeOrdersTable, InscribeTables } from '../../db/inscribe.tables.ts';
import type { NewInscribeOrder } from '../inscription-service/inscribe-orders.queries.ts';

/**
 * Edition orders (ADR 011, migration 0021): the terms in edition_orders, the order itself (state,
 * charge, commit, reveal, refund) an inscription-service order of type 'edition' moved by its one
 * engine. Here: the reservation of editions with the order, the lazy expiry, the reads.
 */

/** A launch's one phase and its collection: what quoting and minting read. */
export async function findEditionLaunch(db: Db, id: string) {
  const launch = await db.kysely
    .selectFrom('launchpads as l')
    .innerJoin('collections as c', 'c.id', 'l.collection_id')
    .selectAll('l')
    .select(['c.slug as collection_slug', 'c.is_zero_fee'])
    .where('l.id', '=', id)
    .executeTakeFirst();
  if (!launch) return undefined;
  const phase = await db.kysely
    .selectFrom('launchpad_phases')
    .selectAll()
    .where('launchpad_id', '=', id)
    .orderBy('phase_number')
    .executeTakeFirst();
  return { launch, phase };
}

export type Reserved = { ok: true; remaining: number } | { ok: false; left: number };

const tables = (db: Db): Kysely<Database & InscribeTables> =>
  db.kysely.withTables<InscribeTables>();

/**
 * Takes `mint_count` editions and records the order (the engine's row, then its terms), in one
 * transaction. The conditional decrement locks the launch row, so concurrent mints of the last
 * editions are served one after the other and exactly the remaining count is ever reserved; from
 * then on the order's state holds them or gives them back (the trigger of
 * db/functions/edition_hold_follows_state.sql).
 */
export async function reserveEditions(
  db: Db,
  order: NewInscribeOrder,
  terms: NewEditionOrder,
): Promise<Reserved> {
  return tables(db)
    .transaction()
    .execute(async (trx) => {
      const taken = await trx
        .updateTable('launchpads')
        .set((eb) => ({ remaining_editions: eb('remaining_editions', '-', terms.mint_count) }))
        .where('id', '=', terms.launchpad_id)
        .where('status', '=', 'active')
        .where('remaining_editions', '>=', terms.mint_count)
        .returning('remaining_editions')
        .executeTakeFirst();
      if (!taken) {
        const row = await trx
          .selectFrom('launchpads')
          .select('remaining_editions')
          .where('id', '=', terms.launchpad_id)
          .executeTakeFirst();
        return { ok: false, left: row?.remaining_editions ?? 0 };
      }
      await trx.insertInto('inscribe_orders').values(order).execute();
      await trx.insertInto('edition_orders').values(terms).execute();
      return { ok: true, remaining: taken.remaining_editions ?? 0 };
    });
}

/**
 * The engine's expiry of this launch's unpaid edition orders past their time, done before a
 * reservation so that 'Sold out' is right; their editions come back by the state's trigger. A
 * concurrent expiry re-reads the rows and moves none twice. Answers how many it expired.
 */
export async function expireOverdue(db: Db, launchpadId: string): Promise<number> {
  const result = await sql<{ id: string }>`
    update inscribe_orders set state = 'expired'
    where order_type = 'edition' and state = 'waiting-payment'
      and expires_at <= clock_timestamp()
      and id in (select id from edition_orders where launchpad_id = ${launchpadId})
    returning id`.execute(db.kysely);
  return result.rows.length;
}

/** An edition order: its terms and where the engine has it. */
export type EditionOrderView = EditionOrderRow &
  Pick<
    Selectable<InscribeOrdersTable>,
    | 'state'
    | 'charge_address'
    | 'amount'
    | 'fee_rate'
    | 'expires_at'
    | 'payment_txid'
    | 'commit_txid'
    | 'reveal_txid'
    | 'refund_txid'
    | 'refund_reason'
  >;

export async function findOrder(db: Db, id: string): Promise<EditionOrderView | undefined> {
  return tables(db)
    .selectFrom('edition_orders as e')
    .innerJoin('inscribe_orders as o', 'o.id', 'e.id')
    .selectAll('e')
    .select([
      'o.state',
      'o.charge_address',
      'o.amount',
      'o.fee_rate',
      'o.expires_at',
      'o.payment_txid',
      'o.commit_txid',
      'o.reveal_txid',
      'o.refund_txid',
      'o.refund_reason',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
}
