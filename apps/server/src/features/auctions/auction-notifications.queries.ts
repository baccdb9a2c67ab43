import type { Executor } from './auctions.queries.ts';

// What the auction notifications name (ADR 018): the closed auction's seller and settlement, a
// bid's bidder and auction.

export interface ClosedAuction {
  slug: string;
  makerPaymentAddress: string;
  makerOrdinalAddress: string;
  settlementTxid: string | null;
}

export interface NotifiedBid {
  auctionId: string;
  slug: string;
  /** Sats. */
  amount: bigint;
  bidderOrdinalAddress: string;
  signInAddress: string;
}

export async function closedAuctionOf(
  db: Executor,
  auctionId: string,
): Promise<ClosedAuction | undefined> {
  const row = await db
    .selectFrom('auctions')
    .select(['slug', 'maker_payment_address', 'maker_ordinal_address', 'settlement_txid'])
    .where('id', '=', auctionId)
    .executeTakeFirst();
  return (
    row && {
      slug: row.slug,
      makerPaymentAddress: row.maker_payment_address,
      makerOrdinalAddress: row.maker_ordinal_address,
      settlementTxid: row.settlement_txid,
    }
  );
}

export async function notifiedBidOf(db: Executor, bidId: string): Promise<NotifiedBid | undefined> {
  const row = await db
    .selectFrom('auction_bids as b')
    .innerJoin('auctions as a', 'a.id', 'b.auction_id')
    .innerJoin('users as u', 'u.id', 'b.bidder_user_id')
    .select(['b.auction_id', 'b.amount', 'b.bidder_ordinal_address', 'a.slug', 'u.address'])
    .where('b.id', '=', bidId)
    .executeTakeFirst();
  return (
    row && {
      auctionId: row.auction_id,
      slug: row.slug,
      amount: BigInt(row.amount),
      bidderOrdinalAddress: row.bidder_ordinal_address,
      signInAddress: row.address,
    }
  );
}
