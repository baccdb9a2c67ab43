import type { AuctionListStatus } from '@om/core';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type { AuctionStatus } from '../../db/market.tables.ts';

/**
 * The /auctions page's list (product.md#walk-through-fixes item 4). live: active and between its
 * start and end, ending soonest first; upcoming: active and not started, starting soonest first;
 * ended: settled, unsold, withdrawn, or active past its end (waiting for the worker to settle),
 * ended last first. Unsigned, failed and canceled auctions never ran and are not listed.
 */

/** One auction of a tab: what its card shows. */
export interface ListedAuction {
  id: string;
  slug: string;
  status: AuctionStatus;
  inscriptionId: string;
  contentType: string | null;
  name: string | null;
  /** Sats. */
  startPrice: bigint;
  startDate: Date;
  endDate: Date;
  /** The standing or winning bid, sats. */
  highestBid: bigint | null;
}

type Eb = ExpressionBuilder<Database & { a: Database['auctions'] }, 'a'>;

function inTab(status: AuctionListStatus, now: Date) {
  return (eb: Eb) => {
    if (status === 'live') {
      return eb.and([
        eb('a.status', '=', 'active'),
        eb('a.start_date', '<=', now),
        eb('a.end_date', '>', now),
      ]);
    }
    if (status === 'upcoming') {
      return eb.and([eb('a.status', '=', 'active'), eb('a.start_date', '>', now)]);
    }
    return eb.or([
      eb('a.status', 'in', ['settled', 'unsold', 'withdrawn']),
      eb.and([eb('a.status', '=', 'active'), eb('a.end_date', '<=', now)]),
    ]);
  };
}

export async function listAuctions(
  db: Db,
  query: { status: AuctionListStatus; limit: number; offset: number },
  now: Date,
): Promise<{ auctions: ListedAuction[]; total: number }> {
  const where = inTab(query.status, now);
  const base = db.kysely.selectFrom('auctions as a').where(where);
  let page = base
    .leftJoin('chain_inscriptions as i', 'i.inscription_id', 'a.inscription_id')
    .select([
      'a.id',
      'a.slug',
      'a.status',
      'a.inscription_id',
      'i.content_type',
      sql<string | null>`a.meta->>'name'`.as('name'),
      'a.start_price',
      'a.start_date',
      'a.end_date',
      (eb) =>
        eb
          .selectFrom('auction_bids as b')
          .select(sql<string | null>`max(b.amount)::text`.as('m'))
          .whereRef('b.auction_id', '=', 'a.id')
          .where('b.status', 'in', ['standing', 'won'])
          .as('highest_bid'),
    ]);
  if (query.status === 'live') page = page.orderBy('a.end_date', 'asc');
  else if (query.status === 'upcoming') page = page.orderBy('a.start_date', 'asc');
  else page = page.orderBy('a.end_date', 'desc');
  const [rows, count] = await Promise.all([
    page.orderBy('a.id').limit(query.limit).offset(query.offset).execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const auctions = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    status: row.status,
    inscriptionId: row.inscription_id,
    contentType: row.content_type,
    name: row.name,
    startPrice: BigInt(row.start_price),
    startDate: row.start_date,
    endDate: row.end_date,
    highestBid: row.highest_bid === null ? null : BigInt(row.highest_bid),
  }));
  return { auctions, total: Number(count.n) };
}
