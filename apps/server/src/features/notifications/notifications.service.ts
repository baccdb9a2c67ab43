import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, JsonObject } from '../../db/database.ts';

/** Spec 001 §9: notifications page 10; unread count capped at 100. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const UNREAD_COUNT_CAP = 100;

type Executor = Kysely<Database> | Transaction<Database>;

export interface NotifyInput {
  /** The wallet addresses the event concerns (payout, ordinals, payment); duplicates are dropped. */
  to: readonly string[];
  /** 'global' or the product's name. */
  app?: string;
  /** What produced it, e.g. 'listing_sold', 'outbid'. */
  type: string;
  title: string;
  body?: string;
  /** Amounts in sats (as strings) and a `link` to the object. */
  payload?: JsonObject;
  /** Unique per address: a retry or a reorg replay with the same key adds nothing. */
  dedupeKey: string;
}

/**
 * The producer API: call it inside the transaction that changes the state, so the notification
 * exists exactly when the state does. Idempotent per (address, dedupeKey): a worker that runs a
 * pass twice, or replays a block after a reorg, adds nothing. Answers how many it added.
 */
export async function notify(db: Executor, input: NotifyInput): Promise<number> {
  const to = [...new Set(input.to.filter((a) => a !== ''))];
  if (to.length === 0) return 0;
  const now = new Date();
  const inserted = await db
    .insertInto('notifications')
    .values(
      to.map((address) => ({
        address,
        app: input.app ?? 'global',
        type: input.type,
        title: input.title,
        body: input.body ?? '',
        payload: JSON.stringify(input.payload ?? {}),
        dedupe_key: input.dedupeKey,
        timestamp: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['address', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .execute();
  return inserted.length;
}

/**
 * A reorg undid the state: each notification with the key stays, marked retracted and unread
 * again, so its reader learns that what it said is no longer true.
 */
export async function retract(db: Executor, dedupeKey: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ retracted: true, read: false })
    .where('dedupe_key', '=', dedupeKey)
    .where('retracted', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A state a reorg undid came back (the replayed block holds it again): the mark goes. */
export async function unretract(db: Executor, dedupeKey: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ retracted: false })
    .where('dedupe_key', '=', dedupeKey)
    .where('retracted', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function listNotifications(db: Executor, address: string, app: string, page: number) {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'app', 'type', 'title', 'body', 'payload', 'read', 'retracted', 'timestamp'])
    .where('address', '=', address)
    .where('app', '=', app)
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_PAGE_SIZE + 1)
    .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE)
    .execute();
  return {
    notifications: rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map((r) => ({
      ...r,
      timestamp: new Date(r.timestamp).toISOString(),
    })),
    page,
    hasMore: rows.length > NOTIFICATIONS_PAGE_SIZE,
  };
}

/** Unread notifications, counted up to the cap (the client shows the cap as "99+"). */
export async function unreadCount(db: Executor, address: string): Promise<number> {
  const row = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from notifications where address = ${address} and not read limit ${UNREAD_COUNT_CAP}
    ) capped`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Marks one of the user's notifications read or unread; false when it is not theirs. */
export async function setRead(
  db: Executor,
  address: string,
  id: string,
  read: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ read })
    .where('address', '=', address)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markAllRead(db: Executor, address: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read: true })
    .where('address', '=', address)
    .where('read', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
