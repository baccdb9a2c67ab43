import type { EndAuctionPayload } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { auctionTimesOf, endAuctionAt } from './dev.queries.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * POST /api/dev/auctions/{slug}/end: the auction stops taking bids now, by the server's clock as
 * bids are checked; the settlement worker takes it on its next pass (within 3 s, ADR 012).
 */
export async function endAuctionNow(db: Db, slug: string): Promise<EndAuctionPayload> {
  const now = new Date();
  const ended = await endAuctionAt(db, slug, now);
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
