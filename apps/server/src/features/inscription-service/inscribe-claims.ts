import type { ClaimHandler } from '../../trading/claim-handler.ts';
import { releaseInscribing, releaseRefund } from './inscribe-orders.queries.ts';

// What the claimed-transactions worker does with the service's journalled transactions when the
// charge coins they spend went elsewhere (a reorg replaced the payment): the order waits for a
// payment again, or its refund is due again. Nothing to do when they turn out sent.

const nothing = async () => undefined;

export const inscribeClaim: ClaimHandler = {
  sent: nothing,
  release: (deps, claim) => releaseInscribing(deps.db, claim.ref),
};

export const inscribeRefundClaim: ClaimHandler = {
  sent: nothing,
  release: (deps, claim) => releaseRefund(deps.db, claim.ref),
};
