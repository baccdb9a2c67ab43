import {
  minimumBid,
  type Auction as AuctionPayload,
  type AuctionBid,
  type AuctionListStatus,
  type AuctionsPayload,
} from '@om/core';
import type { AppDeps } from '../../app-deps.ts';
import { notFound } from '../../http/app-error.ts';
import { findWallet } from '../../trading/multisig.queries.ts';
import { pricesOf } from './auction-bid.service.ts';
import { placedBids } from './auction-bids.queries.ts';
import { listAuctions } from './auction-list.queries.ts';
import { auctionIdOfSlug, contentTypeOf, findAuctionBySlug } from './auctions.queries.ts';

// GET /api/launchpad/auctions/{slug} (the /auction/{slug} page), the wizard's slug check and the
// /auctions list.

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function getAuction(deps: Pick<AppDeps, 'db'>, slug: string): Promise<AuctionPayload> {
  const { db } = deps;
  const auction = await findAuctionBySlug(db, slug);
  if (!auction) throw notFound(`Auction ${slug} not found`);
  const [bids, contentType, makerWallet] = await Promise.all([
    placedBids(db, auction.id),
    contentTypeOf(db, auction.inscriptionId),
    auction.makerWalletId ? findWallet(db, auction.makerWalletId) : undefined,
  ]);
  const standing = bids.find((b) => b.status === 'standing');
  const highest = standing ?? bids.find((b) => b.status === 'won');
  const isDeposited = auction.status !== 'pending_signature';
  return {
    id: auction.id,
    slug: auction.slug,
    status: auction.status,
    inscription_id: auction.inscriptionId,
    content_type: contentType,
    utxo: (isDeposited ? auction.makerWalletOutpoint : null) ?? auction.utxo,
    maker_wallet_address: makerWallet?.address ?? null,
    seller_ordinal_address: auction.makerOrdinalAddress,
    start_price: auction.startPrice.toString(),
    reserve_price: auction.reservePrice?.toString() ?? null,
    start_date: seconds(auction.startDate),
    end_date: seconds(auction.endDate),
    highest_bid: highest?.amount.toString() ?? null,
    minimum_bid: minimumBid(pricesOf(auction, standing)).toString(),
    bids: bids.map((b): AuctionBid => ({
      id: b.id,
      amount: b.amount.toString(),
      bidder_ordinal_address: b.bidderOrdinalAddress,
      time: seconds(b.placedAt ?? b.createdAt),
      status: b.status,
    })),
    deposit_txid: isDeposited ? auction.depositTxid : null,
    settlement_txid: auction.settlementTxid,
    meta: publicMeta(auction.meta),
  };
}

/** { id } when an auction holds the slug ('Auction slug is already taken.'), null otherwise. */
export async function checkAuctionSlug(
  deps: Pick<AppDeps, 'db'>,
  slug: string,
): Promise<{ id: string } | null> {
  const id = await auctionIdOfSlug(deps.db, slug);
  return id ? { id } : null;
}

/** The auction information as the page shows it: without the creator's e-mail address. */
function publicMeta(meta: Record<string, unknown>): Record<string, unknown> {
  const { creator_email: _email, ...shown } = meta;
  return shown;
}

/**
 * GET /api/launchpad/auctions: one page of a tab of the /auctions page
 * (product.md#walk-through-fixes item 4).
 */
export async function getAuctions(
  deps: Pick<AppDeps, 'db'>,
  query: { status: AuctionListStatus; limit: number; offset: number },
  now: Date = new Date(),
): Promise<AuctionsPayload> {
  const { auctions, total } = await listAuctions(deps.db, query, now);
  return {
    auctions: auctions.map((a) => ({
      id: a.id,
      slug: a.slug,
      status: a.status,
      inscription_id: a.inscriptionId,
      content_type: a.contentType,
      name: a.name,
      start_price: a.startPrice.toString(),
      start_date: seconds(a.startDate),
      end_date: seconds(a.endDate),
      highest_bid: a.highestBid?.toString() ?? null,
    })),
    total,
  };
}
