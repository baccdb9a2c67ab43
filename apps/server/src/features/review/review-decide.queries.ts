import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LaunchpadStatus, LaunchpadType } from '../../db/launchpad.tables.ts';
import type { AuctionStatus } from '../../db/market.tables.ts';
import type { ReviewDecision, ReviewKind } from './review.queries.ts';

// The reads and writes of one review decision (ADR 019), each inside the decision's transaction:
// the subject's row locked, the decision recorded, a rejection's take-down.

type Trx = Transaction<Database>;

export interface LaunchUnderReview {
  id: string;
  slug: string;
  status: LaunchpadStatus;
  type: LaunchpadType;
  collectionId: string;
  name: string;
  makerPaymentAddress: string;
  makerOrdinalAddress: string | null;
  creatorBtcAddress: string | null;
  signInAddress: string | null;
}

export interface CollectionUnderReview {
  id: string;
  slug: string;
  name: string;
  isUnderReview: boolean;
  /** Made by a launch: judged with its launch. */
  hasLaunch: boolean;
  creatorBtcAddress: string | null;
  signInAddress: string | null;
}

export interface AuctionUnderReview {
  id: string;
  slug: string;
  status: AuctionStatus;
  makerPaymentAddress: string;
  makerOrdinalAddress: string;
  signInAddress: string | null;
}

/**
 * The decision already taken on a subject, if any. Serialises deciders of one subject: the row
 * lock taken next comes after this read.
 */
export async function lockedDecisionOf(
  trx: Trx,
  kind: ReviewKind,
  id: string,
): Promise<ReviewDecision | null> {
  await sql`select pg_advisory_xact_lock(hashtext(${`review:${kind}:${id}`}))`.execute(trx);
  const done = await trx
    .selectFrom('review_decisions')
    .select('decision')
    .where('kind', '=', kind)
    .where('subject_id', '=', id)
    .executeTakeFirst();
  return done?.decision ?? null;
}

export async function recordDecision(
  trx: Trx,
  decision: {
    kind: ReviewKind;
    subjectId: string;
    decision: ReviewDecision;
    reason: string | null;
    reviewer: string;
  },
): Promise<void> {
  await trx
    .insertInto('review_decisions')
    .values({
      kind: decision.kind,
      subject_id: decision.subjectId,
      decision: decision.decision,
      reason: decision.reason,
      reviewer_address: decision.reviewer,
    })
    .execute();
}

export async function lockLaunch(trx: Trx, id: string): Promise<LaunchUnderReview | null> {
  const row = await trx
    .selectFrom('launchpads as l')
    .innerJoin('collections as c', 'c.id', 'l.collection_id')
    .leftJoin('users as u', 'u.id', 'l.creator_user_id')
    .select([
      'l.id',
      'l.slug',
      'l.status',
      'l.launchpad_type',
      'l.collection_id',
      'l.maker_payment_address',
      'l.maker_ordinal_address',
      'c.name',
      'c.creator_btc_address',
      'u.address as sign_in_address',
    ])
    .where('l.id', '=', id)
    .forUpdate('l')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    type: row.launchpad_type,
    collectionId: row.collection_id,
    name: row.name,
    makerPaymentAddress: row.maker_payment_address,
    makerOrdinalAddress: row.maker_ordinal_address,
    creatorBtcAddress: row.creator_btc_address,
    signInAddress: row.sign_in_address,
  };
}

/** Rejected: the launch is taken down, the reason shown to its creator. */
export async function takeDownLaunch(trx: Trx, id: string, reason: string): Promise<void> {
  await trx
    .updateTable('launchpads')
    .set({ status: 'failed', failed_reason: reason })
    .where('id', '=', id)
    .execute();
}

export async function lockCollection(trx: Trx, id: string): Promise<CollectionUnderReview | null> {
  const row = await trx
    .selectFrom('collections as c')
    .leftJoin('users as u', 'u.id', 'c.creator_user_id')
    .select([
      'c.id',
      'c.slug',
      'c.name',
      'c.is_under_review',
      'c.creator_btc_address',
      'u.address as sign_in_address',
      sql<boolean>`exists (select 1 from launchpads l where l.collection_id = c.id)`.as(
        'has_launch',
      ),
    ])
    .where(sql<boolean>`c.id::text = ${id}`)
    .forUpdate('c')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    isUnderReview: row.is_under_review,
    hasLaunch: row.has_launch,
    creatorBtcAddress: row.creator_btc_address,
    signInAddress: row.sign_in_address,
  };
}

/** Rejected: the collection stays hidden and its items may be onboarded again elsewhere. */
export async function releaseCollectionItems(trx: Trx, collectionId: string): Promise<void> {
  await trx.deleteFrom('attributes').where('collection_id', '=', collectionId).execute();
  await trx
    .updateTable('inscriptions')
    .set({ collection_id: null })
    .where('collection_id', '=', collectionId)
    .execute();
}

/** Approved: the collection leaves review, listed and tradable in the market. */
export async function joinMarket(trx: Trx, collectionId: string): Promise<void> {
  await trx
    .updateTable('collections')
    .set({ is_under_review: false, is_tradable: true })
    .where('id', '=', collectionId)
    .execute();
}

export async function lockAuction(trx: Trx, id: string): Promise<AuctionUnderReview | null> {
  const row = await trx
    .selectFrom('auctions as a')
    .leftJoin('users as u', 'u.id', 'a.creator_user_id')
    .select([
      'a.id',
      'a.slug',
      'a.status',
      'a.maker_payment_address',
      'a.maker_ordinal_address',
      'u.address as sign_in_address',
    ])
    .where(sql<boolean>`a.id::text = ${id}`)
    .forUpdate('a')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    status: row.status,
    makerPaymentAddress: row.maker_payment_address,
    makerOrdinalAddress: row.maker_ordinal_address,
    signInAddress: row.sign_in_address,
  };
}

/** A bid past its signature: funded and signed, so the auction can no longer be canceled. */
export async function hasPlacedBid(trx: Trx, auctionId: string): Promise<boolean> {
  const placed = await trx
    .selectFrom('auction_bids')
    .select('id')
    .where('auction_id', '=', auctionId)
    .where('status', '!=', 'pending_signature')
    .executeTakeFirst();
  return placed !== undefined;
}

/** Rejected with no placed bid: the unsigned bids go and the auction is canceled. */
export async function cancelAuction(trx: Trx, auctionId: string): Promise<void> {
  await trx.deleteFrom('auction_bids').where('auction_id', '=', auctionId).execute();
  await trx
    .updateTable('auctions')
    .set({ status: 'canceled' })
    .where('id', '=', auctionId)
    .execute();
}
