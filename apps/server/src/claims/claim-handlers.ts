import type { AppDeps } from '../app-deps.ts';
import type { ClaimKind } from '../db/claims.tables.ts';
import { closeBids, markBid } from '../features/auctions/auction-bids.queries.ts';
import { deactivateAuction, releaseSettlement } from '../features/auctions/auctions.queries.ts';
import {
  inscribeClaim,
  inscribeRefundClaim,
} from '../features/inscription-service/inscribe-claims.ts';
import { purchaseClaim } from '../features/listings/purchase-claim.ts';
import { rewardPayoutClaim } from '../features/rewards/payout-claims.ts';
import { notifyWithdrawalMined } from '../features/multisig/multisig-notifications.ts';
import { releaseBroadcast } from '../trading/multisig.queries.ts';
import { swapClaim } from '../features/swap/swap-claims.ts';
import type { ClaimHandler } from '../trading/claim-handler.ts';

const nothing = async () => undefined;

export const claimHandlers: Record<ClaimKind, ClaimHandler> = {
  purchase: purchaseClaim,
  // A multisig transaction is not broadcast after all: the wallet's coins show as they are.
  // Mined, a withdrawal tells its owner.
  multisig: {
    sent: nothing,
    release: (deps, claim) => releaseBroadcast(deps.db, claim.ref),
    final: (deps, claim) => notifyWithdrawalMined(deps.db, claim.ref),
  },
  // The winning bid's coins went elsewhere: it is invalid, and the auction is 'active' past its
  // end again, so the settlement worker tries the next best bid.
  'auction-settle': {
    sent: async (deps, claim) => {
      const auctionId = await auctionOfBid(deps, claim.ref);
      if (auctionId) await closeBids(deps.db, auctionId, claim.ref);
    },
    release: async (deps, claim, spent) => {
      const auctionId = await auctionOfBid(deps, claim.ref);
      if (!auctionId) return;
      await markBid(
        deps.db.kysely,
        claim.ref,
        'invalid',
        `Its coins were spent: ${spent.join(', ')}`,
      );
      await releaseSettlement(deps.db, auctionId, claim.txids.at(-1) ?? '', claim.ref);
    },
  },
  // The deposit's coins went elsewhere: the auction waits for a signature again.
  'auction-deposit': {
    sent: nothing,
    release: (deps, claim) => deactivateAuction(deps.db, claim.ref),
  },
  // The inscription service's commit and reveals, and its refunds (ADR 016).
  inscribe: inscribeClaim,
  'inscribe-refund': inscribeRefundClaim,
  // A BRC-20 swap (ADR 017): the user's double spend fails the order and frees the pool's coins.
  swap: swapClaim,
  // Rewards (ADR 020): mined, confirmed and told; spent elsewhere, owed again.
  'reward-payout': rewardPayoutClaim,
};

async function auctionOfBid(deps: Pick<AppDeps, 'db'>, bidId: string): Promise<string | undefined> {
  const row = await deps.db.kysely
    .selectFrom('auction_bids')
    .select('auction_id')
    .where('id', '=', bidId)
    .executeTakeFirst();
  return row?.auction_id;
}
