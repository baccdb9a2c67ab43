import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, JsonObject } from '../../db/database.ts';

/** Spec 001 §9: notifications page 10; unread count capped at 100. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const UNREAD_COUNT_CAP = 100;

type Executor = Kysely<Database> | Transaction<Database>;

export interface NotifyInput {
  userId: string;
  /** 'global' or the product's name. */
  app?: string;
  /** What produced it, e.g. 'listing_sold', 'outbid'. */
  type: string;
  title: string;
  body?: string;
  /** Amounts in sats (as strings) and a `link` to the object. */
  payload?: JsonObject;
  /** Unique per user: a retry or a reorg replay with the same key adds nothing. */
  dedupeKey: string;
}

/**
 * The producer API: call it inside the transaction that changes the state, so the notification
 * exists exactly when the state does. Idempotent by (userId, dedupeKey). Answers whether it added one.
 */
export async function notify(db: Executor, input: NotifyInput): Promise<boolean> {
  const inserted = await db
    .insertInto('notifications')
    .values({
      user_id: input.userId,
      app: input.app ?? 'global',
      type: input.type,
      title: input.title,
      body: input.body ?? '',
      payload: JSON.stringify(input.payload ?? {}),
      dedupe_key: input.dedupeKey,
      timestamp: new Date(),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A reorg undid the state: the notification stays, marked retracted and unread again. */
export async function retract(db: Executor, userId: string, dedupeKey: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ retracted: true, read: false })
    .where('user_id', '=', userId)
    .where('dedupe_key', '=', dedupeKey)
    .execute();
}

export async function listNotifications(db: Executor, userId: string, app: string, page: number) {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'app', 'type', 'title', 'body', 'payload', 'read', 'retracted', 'timestamp'])
    .where('user_id', '=', userId)
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
export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const row = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from notifications where user_id = ${userId} and not read limit ${UNREAD_COUNT_CAP}
    ) capped`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Marks one of the user's notifications read or unread; false when it is not theirs. */
export async function setRead(
  db: Executor,
  userId: string,
  id: string,
  read: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ read })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read: true })
    .where('user_id', '=', userId)
    .where('read', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
