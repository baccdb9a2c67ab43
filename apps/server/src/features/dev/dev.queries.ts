import type { Db } from '../../db/create-db.ts';
import type { Executor } from '../../jobs/job-queue.ts';
import type { AuctionStatus } from '../../db/market.tables.ts';

/** What the end route says of an auction it could not end. */
export type AuctionTimes = { status: AuctionStatus; start_date: Date; end_date: Date };

/**
 * Moves an active auction's end to `now`, when it has started and not yet ended (the dates must
 * stay start < end); the new end, or undefined when nothing was moved.
 */
export async function endAuctionAt(
  executor: Executor,
  slug: string,
  now: Date,
): Promise<{ id: string; end_date: Date } | undefined> {
  return executor
    .updateTable('auctions')
    .set({ end_date: now })
    .where('slug', '=', slug)
    .where('status', '=', 'active')
    .where('start_date', '<', now)
    .where('end_date', '>', now)
    .returning(['id', 'end_date'])
    .executeTakeFirst();
}

export async function auctionTimesOf(db: Db, slug: string): Promise<AuctionTimes | undefined> {
  return db.kysely
    .selectFrom('auctions')
    .select(['status', 'start_date', 'end_date'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}
