import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { EditionOrderRow, NewEditionOrder } from '../../db/database.ts';

/** Edition orders (ADR 011): the reservation of editions, the claim of a payment, the expiry. */

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

/**
 * Takes `mint_count` editions and records the order, in one transaction. The conditional
 * decrement locks the launch row, so concurrent mints of the last editions are served one after
 * the other and exactly the remaining count is ever reserved.
 */
export async function reserveEditions(db: Db, order: NewEditionOrder): Promise<Reserved> {
  return db.kysely.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('launchpads')
      .set((eb) => ({ remaining_editions: eb('remaining_editions', '-', order.mint_count) }))
      .where('id', '=', order.launchpad_id)
      .where('status', '=', 'active')
      .where('remaining_editions', '>=', order.mint_count)
      .returning('remaining_editions')
      .executeTakeFirst();
    if (!taken) {
      const row = await trx
        .selectFrom('launchpads')
        .select('remaining_editions')
        .where('id', '=', order.launchpad_id)
        .executeTakeFirst();
      return { ok: false, left: row?.remaining_editions ?? 0 };
    }
    await trx.insertInto('edition_orders').values(order).execute();
    return { ok: true, remaining: taken.remaining_editions ?? 0 };
  });
}

/**
 * Unpaid orders past their time turn 'expired' and give their editions back, in one statement
 * (a concurrent expiry re-reads the row and skips it). Of one launch, or of all.
 */
export async function expireOverdue(db: Db, launchpadId?: string): Promise<number> {
  const ofLaunch = launchpadId ? sql`and launchpad_id = ${launchpadId}` : sql``;
  const result = await sql<{ id: string }>`
    with expired as (
      update edition_orders set status = 'expired'
      where status = 'awaiting_payment' and expires_at <= clock_timestamp() ${ofLaunch}
      returning launchpad_id, mint_count
    ), given as (
      select launchpad_id, sum(mint_count)::int as n from expired group by launchpad_id
    )
    update launchpads l set remaining_editions = l.remaining_editions + g.n
    from given g where l.id = g.launchpad_id
    returning l.id`.execute(db.kysely);
  return result.rows.length;
}

/** An unpaid order that cannot be inscribed (paid too little): 'refund_due', its editions back. */
export async function markUnpaidRefundDue(db: Db, id: string): Promise<void> {
  await sql`
    with released as (
      update edition_orders set status = 'refund_due'
      where id = ${id} and status = 'awaiting_payment'
      returning launchpad_id, mint_count
    )
    update launchpads l set remaining_editions = l.remaining_editions + r.mint_count
    from released r where l.id = r.launchpad_id`.execute(db.kysely);
}

/** A payment that came after its order expired: its editions are already back. */
export async function markExpiredRefundDue(db: Db, id: string): Promise<void> {
  await db.kysely
    .updateTable('edition_orders')
    .set({ status: 'refund_due' })
    .where('id', '=', id)
    .where('status', '=', 'expired')
    .execute();
}

export async function findOrder(db: Db, id: string): Promise<EditionOrderRow | undefined> {
  return db.kysely.selectFrom('edition_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export type Revealed = {
  commitTxid: string;
  commitVout: number;
  /** The commit we broadcast with the reveal; null when it was paid by anyone else. */
  commitHex: string | null;
  revealTxid: string;
  revealHex: string;
};

/**
 * Claims an unpaid order for this payment: exactly one claim wins (the submit and the watcher may
 * race). `isBeforeExpiry` also requires the reservation to hold (a PSBT submitted late).
 */
export async function claimPaid(
  db: Db,
  id: string,
  revealed: Revealed,
  isBeforeExpiry: boolean,
): Promise<EditionOrderRow | undefined> {
  return db.kysely
    .updateTable('edition_orders')
    .set({
      status: 'paid',
      commit_txid: revealed.commitTxid,
      commit_vout: revealed.commitVout,
      commit_hex: revealed.commitHex,
      reveal_txid: revealed.revealTxid,
      reveal_hex: revealed.revealHex,
      paid_at: sql<Date>`clock_timestamp()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_payment')
    .$if(isBeforeExpiry, (qb) => qb.where('expires_at', '>', sql<Date>`clock_timestamp()`))
    .returningAll()
    .executeTakeFirst();
}

/** The broadcast failed: the order is unpaid again, as it was. */
export async function releaseClaim(db: Db, id: string): Promise<void> {
  await db.kysely
    .updateTable('edition_orders')
    .set({
      status: 'awaiting_payment',
      commit_txid: null,
      commit_vout: null,
      commit_hex: null,
      reveal_txid: null,
      reveal_hex: null,
      paid_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .execute();
}

export async function markInscribed(db: Db, id: string): Promise<EditionOrderRow | undefined> {
  return db.kysely
    .updateTable('edition_orders')
    .set({ status: 'inscribed', inscribed_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .returningAll()
    .executeTakeFirst();
}

/**
 * What the watcher looks at, oldest first: unpaid orders, paid ones whose broadcast did not
 * finish, and orders expired within the hour (a payment may still arrive for them).
 */
export async function ordersToWatch(db: Db, limit = 200): Promise<EditionOrderRow[]> {
  return db.kysely
    .selectFrom('edition_orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['awaiting_payment', 'paid']),
        eb.and([
          eb('status', '=', 'expired'),
          eb('expires_at', '>', sql<Date>`clock_timestamp() - interval '1 hour'`),
        ]),
      ]),
    )
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

// ── Refunds (0014) ───────────────────────────────────────────────────────────────────────────

/** How long a charge address too small to refund waits before it is looked at again. */
const REFUND_RECHECK = '1 hour';

/**
 * Orders to refund, oldest first: 'refund_due' ones not checked within the hour, and 'refunding'
 * ones whose broadcast has not finished after a minute (a restart).
 */
export async function refundsToDo(db: Db, limit = 100): Promise<EditionOrderRow[]> {
  return db.kysely
    .selectFrom('edition_orders')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'refund_due'),
          eb.or([
            eb('refund_checked_at', 'is', null),
            eb('refund_checked_at', '<', sql<Date>`now() - ${REFUND_RECHECK}::interval`),
          ]),
        ]),
        eb.and([
          eb('status', '=', 'refunding'),
          eb('refunding_at', '<', sql<Date>`now() - interval '1 minute'`),
        ]),
      ]),
    )
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** 'refund_due' → 'refunding' with the signed refund, once: undefined when another got there. */
export async function claimRefund(
  db: Db,
  id: string,
  refund: { txid: string; hex: string },
): Promise<EditionOrderRow | undefined> {
  return db.kysely
    .updateTable('edition_orders')
    .set({
      status: 'refunding',
      refund_txid: refund.txid,
      refund_hex: refund.hex,
      refunding_at: sql<Date>`clock_timestamp()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'refund_due')
    .returningAll()
    .executeTakeFirst();
}

/** The node refused the refund: due again, looked at in an hour. */
export async function releaseRefund(db: Db, id: string): Promise<void> {
  await db.kysely
    .updateTable('edition_orders')
    .set({
      status: 'refund_due',
      refund_txid: null,
      refund_hex: null,
      refunding_at: null,
      refund_checked_at: sql<Date>`clock_timestamp()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'refunding')
    .execute();
}

export async function markRefunded(db: Db, id: string): Promise<void> {
  await db.kysely
    .updateTable('edition_orders')
    .set({ status: 'refunded', refunded_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('status', '=', 'refunding')
    .execute();
}

/** Nothing to refund yet (no coins, or too few to pay the fee): looked at again in an hour. */
export async function markRefundChecked(db: Db, id: string): Promise<void> {
  await db.kysely
    .updateTable('edition_orders')
    .set({ refund_checked_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('status', '=', 'refund_due')
    .execute();
}
