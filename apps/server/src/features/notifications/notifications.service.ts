import { sql, type Kysely, type Transaction } from 'kysely';
import type { NotificationType } from '@om/core';
import type { JsonObject } from '../../db/column-types.ts';
import type { Database } from '../../db/database.ts';

/** product.md#constants-and-limits: notifications page 10; unread count capped at 100. */
const NOTIFICATIONS_PAGE_SIZE = 10;
export const UNREAD_COUNT_CAP = 100;
/** A wallet's first read brings the announcements of this many days, not every one ever made. */
const ANNOUNCEMENTS_DAYS = 30;

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The two apps shown (product.md#constants-and-limits): announcements are 'global', the market's
 * own 'product'.
 */
export type NotificationApp = 'global' | 'product';

export interface NotifyInput {
  /** The wallet addresses the event concerns (payout, ordinals, payment); duplicates are dropped. */
  to: readonly string[];
  /**
   * 'product' (this marketplace's own, the default) or 'global' (product.md#constants-and-limits's
   * two apps).
   */
  app?: NotificationApp;
  /** What produced it: one of core's NOTIFICATION_TYPES, which the preferences list. */
  type: NotificationType;
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
        app: input.app ?? 'product',
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
export async function retract(
  db: Executor,
  dedupeKeys: string | readonly string[],
): Promise<number> {
  const keys = typeof dedupeKeys === 'string' ? [dedupeKeys] : dedupeKeys;
  if (keys.length === 0) return 0;
  const result = await db
    .updateTable('notifications')
    .set({ retracted: true, read: false })
    .where('dedupe_key', 'in', keys)
    .where('retracted', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A state a reorg undid came back (the replayed block holds it again): the mark goes. */
export async function unretract(
  db: Executor,
  dedupeKeys: string | readonly string[],
): Promise<number> {
  const keys = typeof dedupeKeys === 'string' ? [dedupeKeys] : dedupeKeys;
  if (keys.length === 0) return 0;
  const result = await db
    .updateTable('notifications')
    .set({ retracted: false })
    .where('dedupe_key', 'in', keys)
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

/**
 * Copies the recent announcements this address does not have yet into its notifications (keyed
 * per announcement, so once each): called before the address reads its list or its count.
 */
export async function deliverAnnouncements(db: Executor, address: string): Promise<void> {
  await sql`
    insert into notifications (address, app, type, title, body, payload, dedupe_key, timestamp)
    select ${address}, a.app, 'announcement', a.title, a.body,
      case when a.link is null then '{}'::jsonb else jsonb_build_object('link', a.link) end,
      'announcement:' || a.id, a.created_at
    from announcements a
    where a.created_at > now() - make_interval(days => ${ANNOUNCEMENTS_DAYS})
    on conflict (address, dedupe_key) where dedupe_key is not null do nothing`.execute(db);
}

/** An operator's announcement (npm run announce, the demo): every wallet gets it on its next read. */
export async function announce(
  db: Executor,
  a: { id: string; title: string; body?: string; link?: string; app?: NotificationApp },
): Promise<boolean> {
  const row = await db
    .insertInto('announcements')
    .values({
      id: a.id,
      title: a.title,
      body: a.body ?? '',
      link: a.link ?? null,
      app: a.app ?? 'global',
      created_at: new Date(),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The types this address does not want as a live pop-up. */
export async function mutedTypes(db: Executor, address: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_mutes')
    .select('type')
    .where('address', '=', address)
    .orderBy('type')
    .execute();
  return rows.map((r) => r.type);
}

/** Replaces the address's muted types with `types`. */
export async function setMutedTypes(
  db: Kysely<Database>,
  address: string,
  types: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_mutes').where('address', '=', address).execute();
    if (types.length === 0) return;
    await trx
      .insertInto('notification_mutes')
      .values([...new Set(types)].map((type) => ({ address, type })))
      .execute();
  });
}
