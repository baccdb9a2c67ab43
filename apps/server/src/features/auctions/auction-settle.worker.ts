import {
  base64ToBytes,
  finalizeSignedPsbt,
  TradeError,
  type FinalizedTransaction,
  type SignedListedItem,
} from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import { startWorkerLoop, type WorkerLoop } from '../../chain/chain-worker.ts';
import { settleJournal } from '../../trading/claimed-transactions.queries.ts';
import { broadcastInOrder, isTxRejection, testMempoolAccept } from '../../trading/broadcast.ts';
import { cosignerFor } from '../../trading/cosigner.ts';
import { makerWalletOf } from './auction-bid.service.ts';
import { signedFloorOf } from './auction-floor.ts';
import {
  closeBids,
  markBid,
  reservedAmong,
  settleableBids,
  type Bid,
} from './auction-bids.queries.ts';
import {
  claimSettlement,
  dropStaleUnsigned,
  endedActiveAuctions,
  findAuction,
  markUnsold,
  releaseSettlement,
} from './auctions.queries.ts';

// The settlement worker (ADR 012): every few seconds it takes the 'active' auctions past their end
// and tries their signed bids from the highest down, those at or above the reserve only. A bid is
// co-signed by the platform (its ALL signature on every bidder input and on the seller's, whose
// stored 0x83 signature completes it), checked with testmempoolaccept and broadcast: the auction
// is 'settled'. A bid whose coins are gone (the bidder left after 144 blocks) or back another
// standing bid is 'invalid' and the next one is tried. With none left the auction is 'unsold'; the
// inscription stays in the seller's maker wallet. About once a minute the worker also deletes the
// bids and auctions left unsigned for an hour.

/** Bids and auctions left unsigned for an hour are deleted about this often. */
const CLEANUP_MS = 60_000;

export type SettleOutcome = 'settled' | 'unsold' | 'skipped';

export async function settleAuction(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  auctionId: string,
): Promise<SettleOutcome> {
  const { db, chain, env } = deps;
  const auction = await findAuction(db.kysely, auctionId);
  if (!auction || auction.status !== 'active' || auction.endDate > new Date()) return 'skipped';
  const floor = signedFloorOf(auction, await makerWalletOf(deps, auction), env.BITCOIN_NETWORK);
  const reserve = auction.reservePrice ?? 0n;
  for (const bid of await settleableBids(db, auction.id, reserve)) {
    const final = await settlementOf(deps, bid, floor);
    if (!final) continue;
    const settlement = { bidId: bid.id, hex: final.hex, txid: final.txid };
    if (!(await claimSettlement(db, auction.id, settlement))) return 'skipped';
    try {
      await broadcastInOrder(chain, [final.hex]);
    } catch (err) {
      await releaseSettlement(db, auction.id, final.txid, bid.id);
      if (!isTxRejection(err)) throw err;
      await markBid(db.kysely, bid.id, 'invalid', err.message);
      continue;
    }
    await closeBids(db, auction.id, bid.id);
    await settleJournal(db.kysely, 'auction-settle', bid.id, 'sent');
    return 'settled';
  }
  if (await markUnsold(db, auction.id)) await closeBids(db, auction.id);
  return 'unsold';
}

/**
 * The bid's final transaction, co-signed and accepted by the node; undefined (and the bid marked
 * 'invalid') when it cannot settle. A node that cannot be reached is thrown: retried next pass.
 */
async function settlementOf(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  bid: Bid,
  floor: SignedListedItem,
): Promise<FinalizedTransaction | undefined> {
  const { db, chain, env } = deps;
  const taken = await reservedAmong(db, bid.reservedCoins, bid.id);
  if (taken.length > 0) {
    await markBid(db.kysely, bid.id, 'invalid', `Its coins back another bid: ${taken.join(', ')}`);
    return undefined;
  }
  const { layout } = bid;
  try {
    const final = finalizeSignedPsbt(
      bid.signedPsbt ?? '',
      { psbt: base64ToBytes(bid.psbt) ?? new Uint8Array(), layout, maxFeeRate: layout.maxFeeRate },
      [floor],
      { cosigner: cosignerFor(env) },
    );
    await testMempoolAccept(chain, [final.hex]);
    return final;
  } catch (err) {
    if (!(err instanceof TradeError) && !isTxRejection(err)) throw err;
    await markBid(db.kysely, bid.id, 'invalid', err.message);
    return undefined;
  }
}

/** Settles every ended auction now; each on its own, so one failure does not hold up the rest. */
async function settleEndedAuctions(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env' | 'log'>,
): Promise<void> {
  const ids = await endedActiveAuctions(deps.db, new Date());
  for (const id of ids) {
    await settleAuction(deps, id).catch((err: unknown) =>
      deps.log.error({ err, auctionId: id }, 'auction worker: settling failed'),
    );
  }
}

/**
 * The sweep: every AUCTION_SWEEP_MS, and at once when `wake` is called. Each auction's settlement
 * is a job scheduled at its end (auction-settle.job.ts, ADR 023); the sweep stays as a safety net
 * behind it (auctions ended before the queue existed, a job lost with a database restored from a
 * backup) and drops what was left unsigned. Even two passes at once, or a pass beside the job,
 * would settle an auction once: the settlement is claimed with a conditional update.
 */
export function startAuctionWorker(
  deps: Pick<AppDeps, 'chain' | 'cluster' | 'db' | 'env' | 'log'>,
): WorkerLoop {
  let cleanedAt = 0;
  return startWorkerLoop(
    deps,
    'auction settlement',
    async () => {
      await settleEndedAuctions(deps).catch((err: unknown) =>
        deps.log.error({ err }, 'auction worker: cannot read the queue'),
      );
      if (Date.now() - cleanedAt >= CLEANUP_MS) {
        cleanedAt = Date.now();
        await dropStaleUnsigned(deps.db).catch((err: unknown) =>
          deps.log.error({ err }, 'auction worker: cannot drop what was left unsigned'),
        );
      }
    },
    { triggers: [], pollMs: deps.env.AUCTION_SWEEP_MS, runAtStart: false },
  );
}
