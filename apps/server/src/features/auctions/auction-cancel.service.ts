import { AUCTION_HAS_BIDS, ONLY_SELLER_CANCELS, type CancelAuctionPayload } from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { cancelAuctionIfNoBids, findAuctionBySlug } from './auctions.queries.ts';

// DELETE /api/launchpad/auctions/{slug}: the seller takes back an auction nobody has bid on, as
// peers allow (a placed bid is funded and signed: the seller's floor signature promised it). The
// inscription stays in the seller's maker wallet, which they empty with withdrawal-inscriptions;
// while an auction takes bids, that withdrawal is refused (multisig/reserved-coins.ts).

export async function cancelAuction(
  deps: Pick<AppDeps, 'db'>,
  session: SessionClaims,
  slug: string,
): Promise<CancelAuctionPayload> {
  const auction = await findAuctionBySlug(deps.db, slug);
  if (!auction) throw notFound(`Auction ${slug} not found`);
  if (auction.creatorUserId !== session.userId)
    throw new AppError('FORBIDDEN', ONLY_SELLER_CANCELS);
  const outcome = await cancelAuctionIfNoBids(deps.db, auction.id);
  if (outcome === 'has-bids') throw new AppError('CONFLICT', AUCTION_HAS_BIDS);
  if (outcome !== 'done') {
    throw new AppError('CONFLICT', `The auction is ${outcome}: it can no longer be canceled`);
  }
  return { auctionId: auction.id, status: 'canceled' };
}
