import { satsToBtc } from '@om/core';
import { notify } from '../notifications/notifications.service.ts';
import { closedAuctionOf, notifiedBidOf } from './auction-notifications.queries.ts';
import type { Executor } from './auctions.queries.ts';

/**
 * What an auction's bids and its close tell the people in it (ADR 018), written in the
 * transaction that changes them; keyed per bid or per auction, so a retried pass adds nothing.
 */

/** The bid a higher one replaced: its bidder hears it at once, to bid again before the end. */
export async function notifyOutbid(db: Executor, outbidId: string, amount: bigint): Promise<void> {
  const bid = await notifiedBidOf(db, outbidId);
  if (!bid) return;
  await notify(db, {
    to: [bid.signInAddress, bid.bidderOrdinalAddress],
    type: 'outbid',
    title: 'You were outbid',
    body: `A bid of ${satsToBtc(amount)} BTC now leads on ${bid.slug}; yours is released.`,
    payload: {
      auctionId: bid.auctionId,
      amountSats: String(amount),
      link: `/auction/${bid.slug}`,
    },
    dedupeKey: `outbid:${outbidId}`,
  });
}

/**
 * The auction closed: with a winner once its settlement is broadcast (the winner and the seller
 * hear it), or unsold (the seller hears that the inscription stays in their maker wallet).
 */
export async function notifyAuctionClosed(
  db: Executor,
  auctionId: string,
  winnerId: string | undefined,
): Promise<void> {
  const auction = await closedAuctionOf(db, auctionId);
  if (!auction) return;
  const seller = [auction.makerPaymentAddress, auction.makerOrdinalAddress];
  const link = `/auction/${auction.slug}`;
  const winner = winnerId ? await notifiedBidOf(db, winnerId) : undefined;
  if (!winner) {
    await notify(db, {
      to: seller,
      type: 'auction_ended',
      title: 'Your auction ended unsold',
      body: `No bid met the reserve on ${auction.slug}; the inscription stays in your maker wallet.`,
      payload: { auctionId, link },
      dedupeKey: `auction_ended:${auctionId}`,
    });
    return;
  }
  const price = `${satsToBtc(winner.amount)} BTC`;
  const payload = {
    auctionId,
    amountSats: String(winner.amount),
    txid: auction.settlementTxid,
    link,
  };
  await notify(db, {
    to: [winner.signInAddress, winner.bidderOrdinalAddress],
    type: 'auction_won',
    title: 'You won the auction',
    body: `${auction.slug} is yours for ${price}; the settlement transaction is sent.`,
    payload,
    dedupeKey: `auction_won:${auctionId}`,
  });
  await notify(db, {
    to: seller,
    type: 'auction_settled',
    title: 'Your auction is settled',
    body: `${auction.slug} sold for ${price}; the settlement transaction pays you.`,
    payload,
    dedupeKey: `auction_settled:${auctionId}`,
  });
}
