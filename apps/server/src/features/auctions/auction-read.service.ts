import {
  minimumBid,
  type Auction,
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

export async function getAuction(deps: Pick<AppDeps, 'db'>, slug: string): Promise<Auction> {
  const { db } = deps;
  const auction = await findAuctionBySlug(db, slug);
  if (!auction) throw notFound(`Auction ${slug} not found`);
  const [bids, contentType, makerWallet] = await Promise.all([
    placedBids(db, auction.id),
    contentTypeOf(db, auction.inscription_id),
    auction.maker_wallet_id ? findWallet(db, auction.maker_wallet_id) : undefined,
  ]);
  const standing = bids.find((b) => b.status === 'standing');
  const highest = standing ?? bids.find((b) => b.status === 'won');
  const isDeposited = auction.status !== 'pending_signature';
  return {
    id: auction.id,
    slug: auction.slug,
    status: auction.status,
    inscription_id: auction.inscription_id,
    content_type: contentType,
    utxo: (isDeposited ? auction.maker_wallet_outpoint : null) ?? auction.utxo,
    maker_wallet_address: makerWallet?.address ?? null,
    seller_ordinal_address: auction.maker_ordinal_address,
    start_price: auction.start_price,
    reserve_price: auction.reserve_price,
    start_date: seconds(auction.start_date),
    end_date: seconds(auction.end_date),
    highest_bid: highest?.amount ?? null,
    minimum_bid: minimumBid(pricesOf(auction, standing)).toString(),
    bids: bids.map((b): AuctionBid => ({
      id: b.id,
      amount: b.amount,
      bidder_ordinal_address: b.bidder_ordinal_address,
      time: seconds(b.placed_at ?? b.created_at),
      status: b.status,
    })),
    deposit_txid: isDeposited ? auction.deposit_txid : null,
    settlement_txid: auction.settlement_txid,
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
  const { rows, total } = await listAuctions(deps.db, query, now);
  return {
    auctions: rows.map((a) => ({
      ...a,
      start_price: String(a.start_price),
      start_date: seconds(a.start_date),
      end_date: seconds(a.end_date),
    })),
    total,
  };
}
