import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { Database } from '../../db/database.ts';
import type {
  AuctionBidsTable,
  AuctionBidStatus,
  AuctionBidStoredLayout,
} from '../../db/market.tables.ts';
import { notifyAuctionClosed, notifyOutbid } from './auction-notifications.ts';
import type { Executor } from './auctions.queries.ts';

/**
 * Bids (0012_auction_bids): each is its settlement transaction; a standing bid's coins are rows of
 * auction_coin_reservations until it is outbid or the auction closes.
 */

/** A bid as the services use it: amounts in sats. */
export interface Bid {
  id: string;
  auctionId: string;
  bidderUserId: string;
  bidderWalletId: string;
  bidderOrdinalAddress: string;
  amount: bigint;
  /** The settlement transaction as built (base64) and as the bidder signed it. */
  psbt: string;
  signedPsbt: string | null;
  layout: AuctionBidStoredLayout;
  /** The bidder's multisig coins it spends, txid:vout. */
  reservedCoins: string[];
  status: AuctionBidStatus;
  createdAt: Date;
  placedAt: Date | null;
}

function toBid(row: Selectable<AuctionBidsTable>): Bid {
  return {
    id: row.id,
    auctionId: row.auction_id,
    bidderUserId: row.bidder_user_id,
    bidderWalletId: row.bidder_wallet_id,
    bidderOrdinalAddress: row.bidder_ordinal_address,
    amount: BigInt(row.amount),
    psbt: row.psbt,
    signedPsbt: row.signed_psbt,
    layout: row.layout,
    reservedCoins: row.reserved_coins,
    status: row.status,
    createdAt: row.created_at,
    placedAt: row.placed_at,
  };
}

export type NewBid = {
  auctionId: string;
  bidderUserId: string;
  bidderWalletId: string;
  bidderOrdinalAddress: string;
  amount: bigint;
  feeRate: number;
  maxFeeRate: number;
  networkFee: bigint;
  txid: string;
  psbt: string;
  layout: AuctionBidStoredLayout;
  reservedCoins: string[];
};

export async function insertBid(db: Db, bid: NewBid): Promise<string> {
  const row = await db.kysely
    .insertInto('auction_bids')
    .values({
      auction_id: bid.auctionId,
      bidder_user_id: bid.bidderUserId,
      bidder_wallet_id: bid.bidderWalletId,
      bidder_ordinal_address: bid.bidderOrdinalAddress,
      amount: bid.amount,
      fee_rate: bid.feeRate,
      max_fee_rate: bid.maxFeeRate,
      network_fee: bid.networkFee,
      txid: bid.txid,
      psbt: bid.psbt,
      layout: JSON.stringify(bid.layout),
      reserved_coins: bid.reservedCoins,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findBid(db: Db, id: string): Promise<Bid | undefined> {
  const row = await db.kysely
    .selectFrom('auction_bids')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toBid(row);
}

/** The highest bid now, if any. */
export async function standingBid(db: Executor, auctionId: string): Promise<Bid | undefined> {
  const row = await db
    .selectFrom('auction_bids')
    .selectAll()
    .where('auction_id', '=', auctionId)
    .where('status', '=', 'standing')
    .executeTakeFirst();
  return row && toBid(row);
}

/** The bids shown on the auction page, newest first (not those awaiting a signature). */
export async function placedBids(db: Db, auctionId: string): Promise<Bid[]> {
  const rows = await db.kysely
    .selectFrom('auction_bids')
    .selectAll()
    .where('auction_id', '=', auctionId)
    .where('status', '!=', 'pending_signature')
    .orderBy('placed_at', 'desc')
    .orderBy('amount', 'desc')
    .execute();
  return rows.map(toBid);
}

/** Signed bids at or above `minimum`, highest first: who may win, in order. */
export async function settleableBids(db: Db, auctionId: string, minimum: bigint): Promise<Bid[]> {
  const rows = await db.kysely
    .selectFrom('auction_bids')
    .selectAll()
    .where('auction_id', '=', auctionId)
    .where('status', 'in', ['standing', 'outbid'])
    .where('amount', '>=', minimum.toString())
    .orderBy('amount', 'desc')
    .orderBy('placed_at')
    .execute();
  return rows.map(toBid);
}

/**
 * Makes the bid the highest (its signed PSBT stored), the previous one outbid, and moves the coin
 * reservations from one to the other. 'coins-taken' when one of its coins is already reserved (by
 * another standing bid of the same wallet), 'already-placed' when it is no longer awaiting its
 * signature: the caller then rolls the transaction back.
 */
export async function standBid(
  trx: Transaction<Database>,
  bid: Bid,
  signedPsbt: string,
  previous: Bid | undefined,
): Promise<'standing' | 'coins-taken' | 'already-placed'> {
  // The previous one first: at most one bid stands (auction_bids_one_standing).
  if (previous) {
    await trx
      .updateTable('auction_bids')
      .set({ status: 'outbid' })
      .where('id', '=', previous.id)
      .execute();
    await releaseCoins(trx, previous.id);
    // Raising one's own bid outbids nobody.
    if (previous.bidderUserId !== bid.bidderUserId) {
      await notifyOutbid(trx, previous.id, bid.amount);
    }
  }
  const stood = await trx
    .updateTable('auction_bids')
    .set({ status: 'standing', signed_psbt: signedPsbt, placed_at: new Date() })
    .where('id', '=', bid.id)
    .where('status', '=', 'pending_signature')
    .executeTakeFirst();
  if (stood.numUpdatedRows !== 1n) return 'already-placed';
  const reserved = await trx
    .insertInto('auction_coin_reservations')
    .values(
      bid.reservedCoins.map((outpoint) => ({
        outpoint,
        bid_id: bid.id,
        wallet_id: bid.bidderWalletId,
      })),
    )
    .onConflict((oc) => oc.column('outpoint').doNothing())
    .returning('outpoint')
    .execute();
  return reserved.length === bid.reservedCoins.length ? 'standing' : 'coins-taken';
}

async function releaseCoins(db: Executor, bidId: string): Promise<void> {
  await db.deleteFrom('auction_coin_reservations').where('bid_id', '=', bidId).execute();
}

/**
 * Which of these outpoints a standing bid other than `exceptBidId` counts on: the platform
 * co-signs nothing else that spends them.
 */
export async function reservedAmong(
  db: Db,
  outpoints: readonly string[],
  exceptBidId?: string,
): Promise<string[]> {
  if (outpoints.length === 0) return [];
  let query = db.kysely
    .selectFrom('auction_coin_reservations')
    .select('outpoint')
    .where('outpoint', 'in', outpoints);
  if (exceptBidId) query = query.where('bid_id', '!=', exceptBidId);
  const rows = await query.execute();
  return rows.map((r) => r.outpoint);
}

export async function markBid(
  db: Executor,
  id: string,
  status: AuctionBidStatus,
  reason: string | null = null,
): Promise<void> {
  await db
    .updateTable('auction_bids')
    .set({ status, invalid_reason: reason })
    .where('id', '=', id)
    .execute();
}

/**
 * Closes a settled or unsold auction's bids: the winner 'won' (if any), every other standing one
 * 'outbid', and every reservation released; the winner and the seller are told.
 */
export async function closeBids(db: Db, auctionId: string, winnerId?: string): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    if (winnerId) await markBid(trx, winnerId, 'won');
    await trx
      .updateTable('auction_bids')
      .set({ status: 'outbid' })
      .where('auction_id', '=', auctionId)
      .where('status', '=', 'standing')
      .execute();
    await trx
      .deleteFrom('auction_coin_reservations')
      .where('bid_id', 'in', (eb) =>
        eb.selectFrom('auction_bids').select('id').where('auction_id', '=', auctionId),
      )
      .execute();
    await notifyAuctionClosed(trx, auctionId, winnerId);
  });
}
