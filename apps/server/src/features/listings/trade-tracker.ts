import type { AppDeps } from '../../app-deps.ts';
import { startChainWorker } from '../../chain/chain-worker.ts';
import { btcToSats } from '../../chain/rpc.ts';
import { closeSpentLaunchItems } from '../../trading/launch-items.queries.ts';
import {
  blockHashAt,
  cancelSpentListings,
  indexedTip,
  mempoolSpenders,
  minedSpenders,
  trackedTrades,
  moveTrade,
  type TrackedTrade,
} from './trade-tracker.queries.ts';
import type { TradeChange } from '../../trading/trade-change.ts';
import { trackWithChainSource } from './trade-tracker.source.ts';
import { MinedChecks } from './mined-checks.ts';

/**
 * Keeps listings and trades in step with the chain (ADR 007): after each indexed block and each
 * mempool refresh, and on a timer (startChainWorker). Answers the function that stops it.
 */
export function startTradeTracker(
  deps: Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'log'>,
): () => Promise<void> {
  const minedChecks = new MinedChecks();
  return startChainWorker(deps, 'trade tracker', () => trackTrades(deps, minedChecks));
}

/**
 * One pass: (a) listings whose output something spends close; (b) trades whose purchase is mined
 * confirm; (c) trades whose listed output another transaction spent are sniped, final once that
 * transaction is mined. A trade whose block a reorg removed goes back to the mempool. With a node
 * the indexer's tables answer; without one (Esplora and ord) the chain source does. Without
 * `minedChecks` (a pass of its own) every pass checks blocks too.
 */
export async function trackTrades(
  deps: Pick<AppDeps, 'chain' | 'db' | 'log'>,
  minedChecks = new MinedChecks(),
): Promise<void> {
  if (!deps.chain.rpc) return trackWithChainSource(deps);
  const { db, log } = deps;
  const tip = await indexedTip(db);
  const checksBlocks = minedChecks.isDue(tip?.hash);
  const canceled = await cancelSpentListings(db, { mined: checksBlocks });
  if (canceled.length > 0) log.info({ listings: canceled }, 'trade tracker: spent listings closed');
  const withdrawn = await closeSpentLaunchItems(db, { mined: checksBlocks });
  if (withdrawn.length > 0)
    log.info({ rows: withdrawn }, 'trade tracker: spent launch items closed');
  if (checksBlocks) minedChecks.ran(tip?.hash);
  if (tip === undefined) return;
  const trades = await trackedTrades(db, tip.height);
  // Two reads for the whole pass, not two per trade.
  const [mined, inMempool] = await Promise.all([
    minedSpenders(db, trades),
    mempoolSpenders(db, trades),
  ]);
  for (const trade of trades) {
    const spent = { mined: mined.get(trade.id), spenders: inMempool.get(trade.id) ?? [] };
    const change = await nextState(deps, trade, spent);
    if (!change || isUnchanged(trade, change)) continue;
    await moveTrade(db, trade.id, change);
    log.info({ trade: trade.id, ...change }, 'trade tracker: trade moved');
  }
}

async function nextState(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  trade: TrackedTrade,
  /** The mined transaction that spent the listed output, and the mempool's spenders of it. */
  { mined, spenders }: { mined?: { txid: string; height: number }; spenders: string[] },
): Promise<TradeChange | undefined> {
  if (mined?.txid === trade.transactionId) {
    return { status: 'confirmed', finalized: true, blockHeight: mined.height };
  }
  if (mined) {
    const isKnown = trade.sniperTransactionId === mined.txid && trade.hasSniperFeeRate;
    return {
      status: 'sniped',
      finalized: true,
      blockHeight: mined.height,
      sniperTransactionId: mined.txid,
      sniperFeeRate: isKnown ? undefined : await minedFeeRate(deps, mined),
    };
  }
  const sniper = spenders.find((txid) => txid !== trade.transactionId);
  if (sniper) {
    const isKnown = trade.sniperTransactionId === sniper && trade.hasSniperFeeRate;
    return {
      status: 'sniped',
      finalized: false,
      blockHeight: null,
      sniperTransactionId: sniper,
      sniperFeeRate: isKnown ? undefined : await mempoolFeeRate(deps, sniper),
    };
  }
  // Nothing mined spends the output any more: a reorg took the block back.
  if (trade.status === 'confirmed')
    return { status: 'mempool', finalized: false, blockHeight: null };
  if (trade.status === 'sniped' && trade.finalized) {
    return { status: 'sniped', finalized: false, blockHeight: null };
  }
  if (trade.status === 'sniped' && spenders.includes(trade.transactionId)) {
    return { status: 'mempool', finalized: false, blockHeight: null };
  }
  return undefined;
}

function isUnchanged(trade: TrackedTrade, change: TradeChange): boolean {
  return (
    trade.status === change.status &&
    trade.finalized === change.finalized &&
    trade.blockHeight === change.blockHeight &&
    (change.sniperTransactionId === undefined ||
      change.sniperTransactionId === trade.sniperTransactionId) &&
    (change.sniperFeeRate === undefined ||
      (change.sniperFeeRate === null && !trade.hasSniperFeeRate))
  );
}

type FeeEntry = { vsize: number; fees?: { base: number }; fee?: number };

/** fee / vsize of a mempool transaction (getmempoolentry); null when the node no longer has it. */
async function mempoolFeeRate(deps: Pick<AppDeps, 'chain'>, txid: string): Promise<number | null> {
  const entry = await deps.chain.rpc
    ?.call<FeeEntry>('getmempoolentry', [txid])
    .catch(() => undefined);
  return feeRateOf(entry, entry?.fees?.base);
}

/** fee / vsize of a mined transaction, from its block's undo data (getrawtransaction 2). */
async function minedFeeRate(
  deps: Pick<AppDeps, 'chain' | 'db'>,
  mined: { txid: string; height: number },
): Promise<number | null> {
  const hash = await blockHashAt(deps.db, mined.height);
  const tx = await deps.chain.rpc
    ?.call<FeeEntry>('getrawtransaction', [mined.txid, 2, hash])
    .catch(() => undefined);
  return feeRateOf(tx, tx?.fee);
}

function feeRateOf(entry: FeeEntry | undefined, feeBtc: number | undefined): number | null {
  if (!entry || feeBtc === undefined || entry.vsize <= 0) return null;
  return Number(btcToSats(feeBtc)) / entry.vsize;
}
