import type { Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { notify } from '../notifications/notifications.service.ts';
import {
  cancelAuction,
  hasPlacedBid,
  joinMarket,
  lockAuction,
  lockCollection,
  lockedDecisionOf,
  lockLaunch,
  recordDecision,
  releaseCollectionItems,
  takeDownLaunch,
} from './review-decide.queries.ts';
import type { ReviewKind } from './review.queries.ts';

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
  const done = await lockedDecisionOf(trx, kind, id);
  if (done) throw new AppError('CONFLICT', `${ALREADY_DECIDED} (${done})`);
}

async function decideLaunch(
  trx: Transaction<Database>,
  kind: 'launch' | 'edition',
  id: string,
  decision: Decision,
) {
  const launch = await lockLaunch(trx, id);
  const type = kind === 'edition' ? 'editions' : 'psbt';
  if (!launch || launch.type !== type) throw notFound(`No ${kind} ${id} to review`);
  if (launch.status === 'failed' || launch.status === 'canceled') {
    throw new AppError('CONFLICT', `This ${kind} is ${launch.status}: there is nothing to review`);
  }
  if (decision.decision === 'approved') {
    await joinMarket(trx, launch.collectionId);
    return;
  }
  await takeDownLaunch(trx, id, decision.reason);
  await notify(trx, {
    to: [
      launch.signInAddress ?? '',
      launch.makerPaymentAddress,
      launch.makerOrdinalAddress ?? '',
      launch.creatorBtcAddress ?? '',
    ],
    type: 'launch_rejected',
    title: `Your ${kind} ${launch.name} was taken down by review`,
    body: decision.reason,
    payload: { link: '/launchpad', launchpadId: id, slug: launch.slug, reason: decision.reason },
    dedupeKey: `launch_rejected:${id}`,
  });
}

async function decideCollection(trx: Transaction<Database>, id: string, decision: Decision) {
  const collection = await lockCollection(trx, id);
  // A launch's collection is judged with its launch.
  if (!collection || collection.hasLaunch) throw notFound(`No onboarded collection ${id}`);
  if (!collection.isUnderReview) {
    throw new AppError('CONFLICT', 'This collection is not under review');
  }
  const to = [collection.signInAddress ?? '', collection.creatorBtcAddress ?? ''];
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
  await releaseCollectionItems(trx, collection.id);
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
  const auction = await lockAuction(trx, id);
  if (!auction) throw notFound(`No auction ${id} to review`);
  if (auction.status !== 'active') {
    throw new AppError('CONFLICT', `This auction is ${auction.status}: there is nothing to review`);
  }
  if (decision.decision === 'approved') return;
  if (await hasPlacedBid(trx, auction.id)) throw new AppError('CONFLICT', AUCTION_HAS_BIDS_REVIEW);
  await cancelAuction(trx, auction.id);
  await notify(trx, {
    to: [auction.signInAddress ?? '', auction.makerPaymentAddress, auction.makerOrdinalAddress],
    type: 'auction_rejected',
    title: `Your auction ${auction.slug} was taken down by review`,
    body: decision.reason,
    payload: { link: `/auction/${auction.slug}`, slug: auction.slug, reason: decision.reason },
    dedupeKey: `auction_rejected:${auction.id}`,
  });
}
