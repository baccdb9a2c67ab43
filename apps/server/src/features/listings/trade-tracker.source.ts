import type { AppDeps } from '../../app-deps.ts';
import { cancelListing } from '../../trading/listings.queries.ts';
import type { TradeChange } from '../../trading/trade-change.ts';
import { openMarketListings, trackedTrades, moveTrade } from './trade-tracker.queries.ts';

/** Listings looked up per pass without a node: ord answers one inscription per request. */
const LISTINGS_PER_PASS = 200;

/**
 * The tracker's pass without a node (Esplora and ord): a listing closes when ord places its
 * inscription elsewhere; a trade confirms when Esplora reports its transaction mined, and is
 * sniped when ord shows the inscription moved by another transaction (final: ord sees mined
 * transactions only). Snipes still in the mempool, their fee rates, and reorgs undoing a confirmed
 * trade need a node and are skipped.
 */
export async function trackWithChainSource(
  deps: Pick<AppDeps, 'chain' | 'db' | 'log'>,
): Promise<void> {
  const { db, chain, log } = deps;
  const { source } = chain;
  for (const listing of await openMarketListings(db, LISTINGS_PER_PASS)) {
    const location = await source.inscriptionLocation(listing.inscriptionId);
    if (location && outpointOf(location.satpoint) !== listing.outpoint) {
      await cancelListing(db.kysely, listing.id);
      log.info({ listing: listing.id }, 'trade tracker: spent listing closed');
    }
  }

  for (const trade of await trackedTrades(db)) {
    const change = await nextState(deps, trade);
    if (!change) continue;
    await moveTrade(db, trade.id, change);
  }
}

async function nextState(
  { chain }: Pick<AppDeps, 'chain'>,
  trade: Awaited<ReturnType<typeof trackedTrades>>[number],
): Promise<TradeChange | undefined> {
  const status = await chain.source.txStatus(trade.transactionId);
  if (status?.confirmed) {
    const blockHeight = status.blockHeight ?? null;
    const isSame = trade.status === 'confirmed' && trade.blockHeight === blockHeight;
    return isSame ? undefined : { status: 'confirmed', finalized: true, blockHeight };
  }
  if (status) return undefined;
  const location = await chain.source.inscriptionLocation(trade.inscriptionId);
  const spender = location?.satpoint.split(':')[0];
  if (
    !spender ||
    spender === trade.transactionId ||
    outpointOf(location.satpoint) === trade.outpoint
  ) {
    return undefined;
  }
  if (trade.status === 'sniped' && trade.sniperTransactionId === spender && trade.finalized) {
    return undefined;
  }
  const mined = await chain.source.txStatus(spender);
  return {
    status: 'sniped',
    finalized: true,
    blockHeight: mined?.blockHeight ?? null,
    sniperTransactionId: spender,
  };
}

function outpointOf(satpoint: string): string {
  return satpoint.split(':').slice(0, 2).join(':');
}
