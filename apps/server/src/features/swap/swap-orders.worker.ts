import type { AppDeps } from '../../app-deps.ts';
import { startChainWorker } from '../../chain/chain-worker.ts';
import { reclaimLeftovers } from './swap-reclaim.ts';
import { restockLadders } from './swap-ladder.ts';
import { dropQuoteViews } from './swap-quote-cache.ts';
import { workerPoolChains } from './swap-pool-state.ts';
import { brc20IndexedHeight } from '../inscription-service/inscribe-brc20.queries.ts';
import {
  expireQuotes,
  moveSwapOrder,
  ordersToWatch,
  transferUsedHeight,
  type SwapOrder,
} from './swap-orders.queries.ts';

// The swap orders' state machine (ADR 017), on the chain workers' schedule. Every move is
// conditional on the state it leaves:
//   quoted → expired (not signed in time: its pool coins free again);
//   pending (journalled, broadcast) → confirmed (mined) → completed (our BRC-20 index has the
//   transfer inscription used: the tokens moved); a reorg sends confirmed or completed back.
// A double spend of the user's inputs fails the order from the claims worker (swap-claims.ts).
// Then each pool's transfer inscriptions no order will use go back to the pool (swap-reclaim.ts),
// and each pool's ladder is restocked (swap-ladder.ts).

/** Completed orders of the last blocks are looked at again: a reorg may undo them. */
const REORG_DEPTH = 6;

export function startSwapWorker(deps: AppDeps): () => Promise<void> {
  return startChainWorker(deps, 'swap orders', () => watchSwapOrders(deps));
}

export async function watchSwapOrders(deps: AppDeps): Promise<void> {
  await expireQuotes(deps.db);
  const height = await brc20IndexedHeight(deps.db);
  for (const order of await ordersToWatch(deps.db, height - REORG_DEPTH)) {
    await stepOrder(deps, order).catch((err: unknown) =>
      deps.log.error({ err, orderId: order.id }, 'swap orders: an order failed'),
    );
  }
  // One read of each pool's chain for both.
  const chains = await workerPoolChains(deps);
  await reclaimLeftovers(deps, chains);
  await restockLadders(deps, chains);
  // Orders moved, quotes expired, rungs made: the next quote reads them again.
  dropQuoteViews(deps);
}

async function stepOrder(deps: Pick<AppDeps, 'chain' | 'db'>, order: SwapOrder): Promise<void> {
  const db = deps.db.kysely;
  const [status, usedAt] = await Promise.all([
    deps.chain.source.txStatus(order.txid),
    transferUsedHeight(deps.db, order.inscriptionId),
  ]);
  const minedAt = status?.confirmed ? (status.blockHeight ?? null) : null;
  if (minedAt !== null && usedAt !== null) {
    await moveSwapOrder(db, order.id, ['pending', 'confirmed'], 'completed', {
      minedHeight: minedAt,
    });
    return;
  }
  if (minedAt !== null) {
    // Mined, the index not there yet (or a completed order the index rolled back).
    await moveSwapOrder(db, order.id, ['pending', 'completed'], 'confirmed', {
      minedHeight: minedAt,
    });
    return;
  }
  // Not in a block (any more): back to pending; the claims worker sends it again or fails it.
  await moveSwapOrder(db, order.id, ['confirmed', 'completed'], 'pending', { minedHeight: null });
}
