import type { ClaimHandler } from '../../trading/claim-handler.ts';
import { markBroadcast, moveSwapOrder, releaseSwapHold, routeLegs } from './swap-orders.queries.ts';

/**
 * The journal's hand-back for swaps: a swap the request never saw out is broadcast; one whose
 * input another transaction spent (the user's double spend) failed, and its pool coins are free at
 * once.
 */
export const swapClaim: ClaimHandler = {
  sent: (deps, claim) => markBroadcast(deps.db.kysely, claim.ref),
  release: async (deps, claim, spent) => {
    // A tick ↔ tick swap fails with its second leg, which holds pool B's coins.
    const legs = await routeLegs(deps.db.kysely, claim.ref);
    for (const id of [claim.ref, ...legs.map((leg) => leg.id)]) {
      await moveSwapOrder(deps.db.kysely, id, ['pending', 'confirmed'], 'failed', {
        error: `Its coins were spent elsewhere: ${spent.join(', ')}`,
      });
      await releaseSwapHold(deps.db.kysely, id);
    }
  },
};
