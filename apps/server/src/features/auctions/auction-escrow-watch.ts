import type { AppDeps } from '../../app-deps.ts';
import { startChainWorker } from '../../chain/chain-worker.ts';
import { closeWithdrawnAuctions } from './auction-escrow.queries.ts';

// The escrow watch (product.md#trust-findings finding 4, ADR 012). An auction's item waits in the
// seller's maker wallet, which the seller alone can spend 144 blocks after the deposit confirmed.
// When something other than a settlement of the auction spends that output (in the mempool, or
// mined: the inscription moved on from it), no bid can settle any more: the auction closes as
// 'withdrawn', in the same transaction its signed bids become 'invalid' and their coins are free
// again.

/**
 * Runs the watch after each indexed block and each mempool refresh (the trade tracker's events),
 * and on a timer (startChainWorker). Answers the function that stops it.
 */
export function startEscrowWatch(
  deps: Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'log'>,
): () => Promise<void> {
  return startChainWorker(deps, 'escrow watch', async () => {
    const closed = await closeWithdrawnAuctions(deps.db);
    if (closed.length > 0) deps.log.info({ auctions: closed }, 'escrow watch: withdrawn');
  });
}
