import { sql, type Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { notify } from '../notifications/notifications.service.ts';
import { recordDecision, type ReviewKind } from './review.queries.ts';

// Approving or rejecting one submission (ADR 019), each in one transaction with its row locked,
// so two reviewers deciding at once give one decision and one notification:
// - an onboarded collection waits for approval: approved, it joins the market (listed,
//   tradable); rejected, it stays hidden and its items are free to be onboarded again;
// - a launch or an edition is live at once: approved, its collection joins the market; rejected,
//   it is taken down (status 'failed', the reason its failed_reason: hidden from the lists, its
//   mints refused, the reason shown to the creator);
// - an auction is live at once: rejected, it is canceled while nobody has bid (a placed bid is
//   funded and signed, as the seller's own cancel says).
// The creator is told either way, at every address the submission names.

const ALREADY_DECIDED = 'This submission has already been decided';
const AUCTION_HAS_BIDS_REVIEW = 'This auction has bids: it can no longer be taken down';

export type Decision = { decision: 'approved' } | { decision: 'rejected'; reason: string };

export interface DecisionResult {
  kind: ReviewKind;
  id: string;
  decision: 'approved' | 'rejected';
  reason: string | null;
}

export async function decide(
  deps: Pick<AppDeps, 'db'>,
  reviewer: string,
  kind: ReviewKind,
  id: string,
  decision: Decision,
): Promise<DecisionResult> {
  const reason = decision.decision === 'rejected' ? decision.reason : null;
  await deps.db.kysely.transaction().execute(async (trx) => {
    await refuseDecided(trx, kind, id);
    if (kind === 'collection') await decideCollection(trx, id, decision);
    else if (kind === 'auction') await decideAuction(trx, id, decision);
    else await decideLaunch(trx, kind, id, decision);
    await recordDecision(trx, {
      kind,
      subjectId: id,
      decision: decision.decision,
      reason,
      reviewer,
    });
  });
  return { kind, id, decision: decision.decision, reason };
}

async function refuseDecided(trx: Transaction<Database>, kind: ReviewKind, id: string) {
  // Serialises deciders of one submission: the row lock below comes after this read.
  await sql`select pg_advisory_xact_lock(hashtext(${`review:${kind}:${id}`}))`.execute(trx);
  const done = await trx
    .selectFrom('review_decisions')
    .select('decision')
    .where('kind', '=', kind)
    .where('subject_id', '=', id)
    .executeTakeFirst();
  if (done) throw new AppError('CONFLICT', `${ALREADY_DECIDED} (${done.decision})`);
}

async function decideLaunch(
  trx: Transaction<Database>,
  kind: 'launch' | 'edition',
  id: string,
  decision: Decision,
) {
  const launch = await trx
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
  const type = kind === 'edition' ? 'editions' : 'psbt';
  if (!launch || launch.launchpad_type !== type) throw notFound(`No ${kind} ${id} to review`);
  if (launch.status === 'failed' || launch.status === 'canceled') {
    throw new AppError('CONFLICT', `This ${kind} is ${launch.status}: there is nothing to review`);
  }
  if (decision.decision === 'approved') {
    await joinMarket(trx, launch.collection_id);
    return;
  }
  await trx
    .updateTable('launchpads')
    .set({ status: 'failed', failed_reason: decision.reason })
    .where('id', '=', id)
    .execute();
  await notify(trx, {
    to: [
      launch.sign_in_address ?? '',
      launch.maker_payment_address,
      launch.maker_ordinal_address ?? '',
      launch.creator_btc_address ?? '',
    ],
    type: 'launch_rejected',
    title: `Your ${kind} ${launch.name} was taken down by review`,
    body: decision.reason,
    payload: { link: '/launchpad', launchpadId: id, slug: launch.slug, reason: decision.reason },
    dedupeKey: `launch_rejected:${id}`,
  });
}

async function decideCollection(trx: Transaction<Database>, id: string, decision: Decision) {
  const collection = await trx
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
  // A launch's collection is judged with its launch.
  if (!collection || collection.has_launch) throw notFound(`No onboarded collection ${id}`);
  if (!collection.is_under_review) {
    throw new AppError('CONFLICT', 'This collection is not under review');
  }
  const to = [collection.sign_in_address ?? '', collection.creator_btc_address ?? ''];
  if (decision.decision === 'approved') {
    await joinMarket(trx, collection.id);
    await notify(trx, {
      to,
      type: 'collection_approved',
      title: `Your collection ${collection.name} was approved`,
      body: 'It is now listed in the market.',
      payload: { link: `/collections/${collection.slug}`, slug: collection.slug },
      dedupeKey: `collection_approved:${id}`,
    });
    return;
  }
  // Rejected: it stays hidden, and its items may be onboarded again (corrected) elsewhere.
  await trx.deleteFrom('attributes').where('collection_id', '=', collection.id).execute();
  await trx
    .updateTable('inscriptions')
    .set({ collection_id: null })
    .where('collection_id', '=', collection.id)
    .execute();
  await notify(trx, {
    to,
    type: 'collection_rejected',
    title: `Your collection ${collection.name} was not approved`,
    body: decision.reason,
    payload: { link: '/launchpad', slug: collection.slug, reason: decision.reason },
    dedupeKey: `collection_rejected:${id}`,
  });
}

async function decideAuction(trx: Transaction<Database>, id: string, decision: Decision) {
  const auction = await trx
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
  if (!auction) throw notFound(`No auction ${id} to review`);
  if (auction.status !== 'active') {
    throw new AppError('CONFLICT', `This auction is ${auction.status}: there is nothing to review`);
  }
  if (decision.decision === 'approved') return;
  const placed = await trx
    .selectFrom('auction_bids')
    .select('id')
    .where('auction_id', '=', auction.id)
    .where('status', '!=', 'pending_signature')
    .executeTakeFirst();
  if (placed) throw new AppError('CONFLICT', AUCTION_HAS_BIDS_REVIEW);
  await trx.deleteFrom('auction_bids').where('auction_id', '=', auction.id).execute();
  await trx
    .updateTable('auctions')
    .set({ status: 'canceled' })
    .where('id', '=', auction.id)
    .execute();
  await notify(trx, {
    to: [
      auction.sign_in_address ?? '',
      auction.maker_payment_address,
      auction.maker_ordinal_address,
    ],
    type: 'auction_rejected',
    title: `Your auction ${auction.slug} was taken down by review`,
    body: decision.reason,
    payload: { link: `/auction/${auction.slug}`, slug: auction.slug, reason: decision.reason },
    dedupeKey: `auction_rejected:${auction.id}`,
  });
}

/** Approved: the collection leaves review, listed and tradable in the market. */
async function joinMarket(trx: Transaction<Database>, collectionId: string) {
  await trx
    .updateTable('collections')
    .set({ is_under_review: false, is_tradable: true })
    .where('id', '=', collectionId)
    .execute();
}
