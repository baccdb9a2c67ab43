import type { AuctionListStatus } from '@om/core';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';

/**
 * The /auctions page's list (product.md#walk-through-fixes item 4). live: active and between its
 * start and end, ending soonest first; upcoming: active and not started, starting soonest first;
 * ended: settled, unsold, withdrawn, or active past its end (waiting for the worker to settle),
 * ended last first. Unsigned, failed and canceled auctions never ran and are not listed.
 */

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
) {
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
  return { rows, total: Number(count.n) };
}
