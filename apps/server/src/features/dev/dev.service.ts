import type { EndAuctionPayload } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { scheduleSettlement } from '../auctions/auction-settle.schedule.ts';
import { auctionTimesOf, endAuctionAt } from './dev.queries.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * POST /api/dev/auctions/{slug}/end: the auction stops taking bids now, by the server's clock as
 * bids are checked; its settlement job, sent with the change, runs now (ADR 023; the sweep of
 * ADR 012 remains behind it).
 */
export async function endAuctionNow(
  db: Db,
  slug: string,
  jobs?: JobQueue,
): Promise<EndAuctionPayload> {
  const now = new Date();
  const ended = await db.kysely.transaction().execute(async (trx) => {
    const row = await endAuctionAt(trx, slug, now);
    if (row) await scheduleSettlement(jobs, { id: row.id, endDate: row.end_date }, trx);
    return row?.end_date;
  });
  if (ended) return { slug, endDate: seconds(ended) };
  const auction = await auctionTimesOf(db, slug);
  if (!auction) throw notFound(`Auction ${slug} not found`);
  if (auction.status !== 'active') {
    throw new AppError('CONFLICT', `Auction ${slug} is not active: it is ${auction.status}`);
  }
  if (auction.start_date >= now) {
    throw new AppError(
      'CONFLICT',
      `Auction ${slug} has not started: it cannot end before it starts`,
    );
  }
  throw new AppError('CONFLICT', `Auction ${slug} has already ended`);
}
