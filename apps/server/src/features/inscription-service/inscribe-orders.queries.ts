import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { InscribeOrderState } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type {
  InscribeOrderFilesTable,
  InscribeOrdersTable,
  InscribeTables,
} from '../../db/inscribe.tables.ts';
import {
  journalClaim,
  settleJournal,
  type NewClaim,
} from '../../trading/claimed-transactions.queries.ts';
import { NOTIFIED_STATES, notifyInscribeOrder } from './inscribe-notifications.ts';

/** Inscription service orders (migration 0020, ADR 016): every change is conditional on the state. */

export type InscribeOrderRow = Selectable<InscribeOrdersTable>;
export type InscribeFileRow = Selectable<InscribeOrderFilesTable>;
export type NewInscribeOrder = Insertable<InscribeOrdersTable>;

type Tables = Database & InscribeTables;
const tables = (db: Db): Kysely<Tables> => db.kysely.withTables<InscribeTables>();
/** journalClaim's view of the same transaction (its tables are a part of ours). */
const asDatabase = (trx: Transaction<Tables>) => trx as unknown as Transaction<Database>;

export async function insertOrder(
  db: Db,
  order: NewInscribeOrder,
  files: readonly { name: string; content_type: string; body: Uint8Array }[],
): Promise<void> {
  await tables(db)
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('inscribe_orders').values(order).execute();
      await trx
        .insertInto('inscribe_order_files')
        .values(files.map((f, idx) => ({ ...f, order_id: order.id, idx })))
        .execute();
    });
}

export async function findOrder(db: Db, id: string): Promise<InscribeOrderRow | undefined> {
  return tables(db)
    .selectFrom('inscribe_orders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The files of an order in order; without their bodies unless `withBody`. */
export async function orderFiles(db: Db, id: string, withBody = false): Promise<InscribeFileRow[]> {
  const rows = await tables(db)
    .selectFrom('inscribe_order_files')
    .select(['order_id', 'idx', 'name', 'content_type', 'reveal_txid'])
    .$if(withBody, (qb) => qb.select('body'))
    .where('order_id', '=', id)
    .orderBy('idx')
    .execute();
  return rows.map((row) => ({ body: new Uint8Array(), ...row }));
}

/**
 * Orders the worker looks at: every order not final, oldest first, then orders expired within the
 * day (a payment may still come and is refunded), so expired ones never crowd out live ones.
 */
export async function ordersToWatch(db: Db, limit = 500): Promise<InscribeOrderRow[]> {
  const live = await tables(db)
    .selectFrom('inscribe_orders')
    .selectAll()
    .where('state', 'not in', ['completed', 'refunded', 'error', 'expired'])
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  const expired = await tables(db)
    .selectFrom('inscribe_orders')
    .selectAll()
    .where('state', '=', 'expired')
    .where('expires_at', '>', sql<Date>`clock_timestamp() - interval '1 day'`)
    .orderBy('expires_at', 'desc')
    .limit(limit)
    .execute();
  return [...live, ...expired];
}

/**
 * `from` → `to` with `changes`, only from those states: answers whether it moved. A move to a state
 * the buyer hears of notifies them in the same database transaction.
 */
export async function moveOrder(
  db: Db | Transaction<Tables>,
  id: string,
  from: readonly InscribeOrderState[],
  to: InscribeOrderState,
  changes: {
    payment_txid?: string | null;
    error?: string | null;
    commit_txid?: string | null;
    change_amount?: bigint | null;
    reveal_txid?: string | null;
    refund_reason?: 'underpaid' | 'expired';
  } = {},
): Promise<boolean> {
  const move = async (trx: Transaction<Tables>) => {
    const moved = await trx
      .updateTable('inscribe_orders')
      .set({ state: to, ...changes })
      .where('id', '=', id)
      .where('state', 'in', from)
      .returning('id')
      .executeTakeFirst();
    if (moved && NOTIFIED_STATES.includes(to)) await notifyInscribeOrder(trx, id, to);
    return moved !== undefined;
  };
  return 'kysely' in db ? tables(db).transaction().execute(move) : move(db);
}

/**
 * → 'inscribing' from one of `from` with the order's transactions journalled, in one database
 * transaction: a process killed after it leaves them on disk for the claimed-transactions worker.
 * `fileRevealTxids`: a direct order's reveal per file; `isBeforeExpiry`: only while the order has
 * not expired (a payment submitted late). Answers false when another pass got there first.
 */
export async function claimInscribing(
  db: Db,
  id: string,
  claim: {
    from: readonly InscribeOrderState[];
    changes: {
      payment_txid?: string;
      commit_txid: string;
      change_amount?: bigint;
      reveal_txid?: string;
    };
    journal: NewClaim;
    fileRevealTxids?: readonly string[];
    isBeforeExpiry?: boolean;
  },
): Promise<boolean> {
  return tables(db)
    .transaction()
    .execute(async (trx) => {
      const moved = await trx
        .updateTable('inscribe_orders')
        .set({ state: 'inscribing', ...claim.changes })
        .where('id', '=', id)
        .where('state', 'in', claim.from)
        .$if(claim.isBeforeExpiry === true, (qb) =>
          qb.where('expires_at', '>', sql<Date>`clock_timestamp()`),
        )
        .returning('id')
        .executeTakeFirst();
      if (!moved) return false;
      for (const [idx, txid] of (claim.fileRevealTxids ?? []).entries()) {
        await trx
          .updateTable('inscribe_order_files')
          .set({ reveal_txid: txid })
          .where('order_id', '=', id)
          .where('idx', '=', idx)
          .execute();
      }
      await journalClaim(asDatabase(trx), claim.journal);
      return true;
    });
}

/** Undoes an inscribing claim whose payment another transaction took (a reorg's double spend). */
export async function releaseInscribing(db: Db, id: string): Promise<void> {
  await tables(db)
    .transaction()
    .execute(async (trx) => {
      const moved = await moveOrder(trx, id, ['inscribing'], 'waiting-payment', {
        payment_txid: null,
        commit_txid: null,
        change_amount: null,
        reveal_txid: null,
      });
      if (!moved) return;
      await trx
        .updateTable('inscribe_order_files')
        .set({ reveal_txid: null })
        .where('order_id', '=', id)
        .execute();
    });
}

/** 'underpaid' or 'expired' → 'refunding' with the refund journalled, once. */
export async function claimRefund(
  db: Db,
  id: string,
  refund: { txid: string; hex: string; amount: bigint },
): Promise<boolean> {
  return tables(db)
    .transaction()
    .execute(async (trx) => {
      const moved = await trx
        .updateTable('inscribe_orders')
        .set({ state: 'refunding', refund_txid: refund.txid, refund_amount: refund.amount })
        .where('id', '=', id)
        .where('state', 'in', ['underpaid', 'expired'])
        .returning('id')
        .executeTakeFirst();
      if (!moved) return false;
      await journalClaim(asDatabase(trx), {
        kind: 'inscribe-refund',
        ref: id,
        transactions: [{ hex: refund.hex, txid: refund.txid }],
      });
      return true;
    });
}

/** A refund whose coins went elsewhere: due again from the state it came from. */
export async function releaseRefund(db: Db, id: string): Promise<void> {
  await tables(db)
    .updateTable('inscribe_orders')
    .set((eb) => ({
      state: eb.fn.coalesce('refund_reason', sql<InscribeOrderState>`'underpaid'`),
      refund_txid: null,
      refund_amount: null,
    }))
    .where('id', '=', id)
    .where('state', '=', 'refunding')
    .execute();
}

export async function markJournalSent(db: Db, kind: NewClaim['kind'], id: string): Promise<void> {
  await settleJournal(db.kysely, kind, id, 'sent');
}

/**
 * Orders completed within the day whose first inscription our index does not hold (any more): a
 * reorg took a reveal out of the chain. The worker asks the node before it reopens one, so an
 * index still catching up only costs a look.
 */
export async function completedNotIndexed(db: Db, limit = 100): Promise<InscribeOrderRow[]> {
  const result = await sql<InscribeOrderRow>`
    select o.* from inscribe_orders o
    where o.state = 'completed' and o.updated_at > clock_timestamp() - interval '1 day'
      and exists (
        select 1 from (
          select f.reveal_txid as txid from inscribe_order_files f where f.order_id = o.id
          union all select o.reveal_txid
        ) r
        where r.txid is not null
          and not exists (select 1 from chain_inscriptions ci where ci.inscription_id = r.txid || 'i0'))
    order by o.updated_at
    limit ${limit}`.execute(db.kysely);
  return result.rows;
}

/**
 * 'completed' → 'inscribing' with the order's journal open again ('final' → 'sent'), in one
 * database transaction: the claimed-transactions worker then sends its transactions again, or
 * releases the order when another transaction took the payment (ADR 016, reorgs).
 */
export async function reopenCompleted(db: Db, id: string): Promise<boolean> {
  return tables(db)
    .transaction()
    .execute(async (trx) => {
      if (!(await moveOrder(trx, id, ['completed'], 'inscribing'))) return false;
      await trx
        .updateTable('claimed_transactions')
        .set({ status: 'sent' })
        .where('kind', '=', 'inscribe')
        .where('ref', '=', id)
        .where('status', '=', 'final')
        .execute();
      return true;
    });
}
