import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { InscribeOrderState } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type {
  InscribeOrdersTable,
  InscribeTables,
  RefundReason,
} from '../../db/inscribe.tables.ts';
import {
  journalClaim,
  settleJournal,
  type NewClaim,
} from '../../trading/claimed-transactions.queries.ts';
import { NOTIFIED_STATES, notifyInscribeOrder } from './inscribe-notifications.ts';

/** Inscription service orders (migration 0020, ADR 016): every change is conditional on the state. */

export type { RefundReason } from '../../db/inscribe.tables.ts';

import type { InscribeFile, InscribeOrder } from './inscribe-order.types.ts';

export type { InscribeFile, InscribeOrder };

/** A new order: the database gives the state 'waiting-payment' and the times. */
export type NewInscribeOrder = Pick<
  InscribeOrder,
  | 'id'
  | 'orderType'
  | 'receiveAddress'
  | 'refundAddress'
  | 'feeRate'
  | 'fileCount'
  | 'brc20Tick'
  | 'brc20Amt'
  | 'chargeAddress'
  | 'amount'
  | 'chainFee'
  | 'serviceFee'
  | 'postage'
  | 'commitVsize'
  | 'revealVsize'
  | 'expiresAt'
>;

/** What a move may change besides the state. */
export type OrderChanges = Partial<
  Pick<InscribeOrder, 'paymentTxid' | 'error' | 'commitTxid' | 'changeAmount' | 'revealTxid'>
> & { refundReason?: RefundReason };

function toInscribeOrder(row: Selectable<InscribeOrdersTable>): InscribeOrder {
  return {
    id: row.id,
    state: row.state,
    orderType: row.order_type,
    receiveAddress: row.receive_address,
    refundAddress: row.refund_address,
    feeRate: Number(row.fee_rate),
    fileCount: row.file_count,
    brc20Tick: row.brc20_tick,
    brc20Amt: row.brc20_amt,
    chargeAddress: row.charge_address,
    amount: BigInt(row.amount),
    chainFee: BigInt(row.chain_fee),
    serviceFee: BigInt(row.service_fee),
    postage: BigInt(row.postage),
    commitVsize: row.commit_vsize,
    revealVsize: row.reveal_vsize,
    paymentTxid: row.payment_txid,
    commitTxid: row.commit_txid,
    revealTxid: row.reveal_txid,
    changeAmount: row.change_amount === null ? null : BigInt(row.change_amount),
    refundReason: row.refund_reason,
    refundTxid: row.refund_txid,
    refundAmount: row.refund_amount === null ? null : BigInt(row.refund_amount),
    error: row.error,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns a move's changes write (undefined: left as it is). */
function changedColumns(changes: OrderChanges) {
  return {
    payment_txid: changes.paymentTxid,
    error: changes.error,
    commit_txid: changes.commitTxid,
    change_amount: changes.changeAmount,
    reveal_txid: changes.revealTxid,
    refund_reason: changes.refundReason,
  };
}

type Tables = Database & InscribeTables;
const tables = (db: Db): Kysely<Tables> => db.kysely.withTables<InscribeTables>();
/** The inscribe tables within a transaction of the whole database (they are not a part of it). */
const within = (trx: Transaction<Database>): Transaction<Tables> =>
  trx.withTables<InscribeTables>();

/** Writes a new order's row in the caller's transaction (an edition's reservation, or ours). */
export async function insertOrderRow(
  trx: Transaction<Database>,
  order: NewInscribeOrder,
): Promise<void> {
  await within(trx)
    .insertInto('inscribe_orders')
    .values({
      id: order.id,
      order_type: order.orderType,
      receive_address: order.receiveAddress,
      refund_address: order.refundAddress,
      fee_rate: order.feeRate,
      file_count: order.fileCount,
      brc20_tick: order.brc20Tick,
      brc20_amt: order.brc20Amt,
      charge_address: order.chargeAddress,
      amount: order.amount,
      chain_fee: order.chainFee,
      service_fee: order.serviceFee,
      postage: order.postage,
      commit_vsize: order.commitVsize,
      reveal_vsize: order.revealVsize,
      expires_at: order.expiresAt,
    })
    .execute();
}

export async function insertOrder(
  db: Db,
  order: NewInscribeOrder,
  files: readonly { name: string; contentType: string; body: Uint8Array }[],
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await insertOrderRow(trx, order);
    await within(trx)
      .insertInto('inscribe_order_files')
      .values(
        files.map((f, idx) => ({
          order_id: order.id,
          idx,
          name: f.name,
          content_type: f.contentType,
          body: f.body,
        })),
      )
      .execute();
  });
}

export async function findOrder(db: Db, id: string): Promise<InscribeOrder | undefined> {
  const row = await tables(db)
    .selectFrom('inscribe_orders')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toInscribeOrder(row);
}

/** The files of an order in order; without their bodies unless `withBody`. */
export async function orderFiles(db: Db, id: string, withBody = false): Promise<InscribeFile[]> {
  const rows = await tables(db)
    .selectFrom('inscribe_order_files')
    .select(['order_id', 'idx', 'name', 'content_type', 'reveal_txid'])
    .$if(withBody, (qb) => qb.select('body'))
    .where('order_id', '=', id)
    .orderBy('idx')
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    idx: row.idx,
    name: row.name,
    contentType: row.content_type,
    body: row.body ?? new Uint8Array(),
    revealTxid: row.reveal_txid,
  }));
}

/**
 * Orders the worker looks at: every order not final, oldest first, then orders expired within the
 * day (a payment may still come and is refunded), so expired ones never crowd out live ones.
 */
export async function ordersToWatch(db: Db, limit = 500): Promise<InscribeOrder[]> {
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
  return [...live, ...expired].map(toInscribeOrder);
}

/**
 * `from` → `to` with `changes`, only from those states: answers whether it moved. A move to a state
 * the buyer hears of notifies them in the same database transaction.
 */
export async function moveOrder(
  db: Db | Transaction<Database>,
  id: string,
  from: readonly InscribeOrderState[],
  to: InscribeOrderState,
  changes: OrderChanges = {},
): Promise<boolean> {
  const move = async (trx: Transaction<Database>) => {
    const moved = await within(trx)
      .updateTable('inscribe_orders')
      .set({ state: to, ...changedColumns(changes) })
      .where('id', '=', id)
      .where('state', 'in', from)
      .returning('id')
      .executeTakeFirst();
    if (moved && NOTIFIED_STATES.includes(to)) await notifyInscribeOrder(trx, id, to);
    return moved !== undefined;
  };
  return 'kysely' in db ? db.kysely.transaction().execute(move) : move(db);
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
    changes: Pick<OrderChanges, 'paymentTxid' | 'changeAmount' | 'revealTxid'> & {
      commitTxid: string;
    };
    journal: NewClaim;
    fileRevealTxids?: readonly string[];
    isBeforeExpiry?: boolean;
  },
): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const moved = await within(trx)
      .updateTable('inscribe_orders')
      .set({ state: 'inscribing', ...changedColumns(claim.changes) })
      .where('id', '=', id)
      .where('state', 'in', claim.from)
      .$if(claim.isBeforeExpiry === true, (qb) =>
        qb.where('expires_at', '>', sql<Date>`clock_timestamp()`),
      )
      .returning('id')
      .executeTakeFirst();
    if (!moved) return false;
    for (const [idx, txid] of (claim.fileRevealTxids ?? []).entries()) {
      await within(trx)
        .updateTable('inscribe_order_files')
        .set({ reveal_txid: txid })
        .where('order_id', '=', id)
        .where('idx', '=', idx)
        .execute();
    }
    await journalClaim(trx, claim.journal);
    return true;
  });
}

/** Undoes an inscribing claim whose payment another transaction took (a reorg's double spend). */
export async function releaseInscribing(db: Db, id: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const moved = await moveOrder(trx, id, ['inscribing'], 'waiting-payment', {
      paymentTxid: null,
      commitTxid: null,
      changeAmount: null,
      revealTxid: null,
    });
    if (!moved) return;
    await within(trx)
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
  return db.kysely.transaction().execute(async (trx) => {
    const moved = await within(trx)
      .updateTable('inscribe_orders')
      .set({ state: 'refunding', refund_txid: refund.txid, refund_amount: refund.amount })
      .where('id', '=', id)
      .where('state', 'in', ['underpaid', 'expired'])
      .returning('id')
      .executeTakeFirst();
    if (!moved) return false;
    await journalClaim(trx, {
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
export async function completedNotIndexed(db: Db, limit = 100): Promise<InscribeOrder[]> {
  const result = await sql<Selectable<InscribeOrdersTable>>`
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
  return result.rows.map(toInscribeOrder);
}

/**
 * 'completed' → 'inscribing' with the order's journal open again ('final' → 'sent'), in one
 * database transaction: the claimed-transactions worker then sends its transactions again, or
 * releases the order when another transaction took the payment (ADR 016, reorgs).
 */
export async function reopenCompleted(db: Db, id: string): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
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
