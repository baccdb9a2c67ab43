import type { OrderRecordBodySchema } from '@om/core';
import type { z } from 'zod';
import type { Db } from '../../db/create-db.ts';
import type { RewardState } from '../../db/orders.tables.ts';
import { invalidInput } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import {
  auctionExists,
  findAuctionBid,
  findEditionOrder,
  findListing,
  findTrade,
} from './orders.queries.ts';

type OrderBody = z.output<typeof OrderRecordBodySchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An order record names something that happened here (product.md#records): before it is stored
 * (and can count for rewards) it must match our own row of that action, made by this session's
 * user, with the same address, transaction, inscription and count. A record that matches nothing
 * is a 400 naming the mismatch. `generic` records name nothing we can check: stored, never
 * rewarded.
 */
export async function verifyOrderRecord(
  db: Db,
  session: SessionClaims,
  body: OrderBody,
): Promise<RewardState> {
  if (body.type === 'generic') return 'ineligible';
  if (!UUID.test(body.orderId)) throw refused('orderId', `no ${body.type} order ${body.orderId}`);
  switch (body.type) {
    case 'BuyListing':
    case 'PreinscribeMint':
      await verifyPurchase(db, session, body);
      break;
    case 'ListInscription':
      await verifyListing(db, session, body);
      break;
    case 'EditionsMint':
      await verifyEditionMint(db, session, body);
      break;
    case 'AuctionBid':
      await verifyBid(db, session, body);
      break;
  }
  return 'pending';
}

function refused(field: string, problem: string) {
  return invalidInput(`${field}: ${problem}`, field);
}

/** Whether the session signed in with one of the action's own addresses. */
function isSessionOf(session: SessionClaims, ...addresses: (string | null)[]): boolean {
  return addresses.includes(session.address);
}

async function verifyPurchase(db: Db, session: SessionClaims, body: OrderBody): Promise<void> {
  const isMint = body.type === 'PreinscribeMint';
  const listing = await findListing(db, body.orderId);
  if (!listing || (listing.phaseId !== null) !== isMint) {
    throw refused('orderId', `no ${isMint ? 'launch mint' : 'listing'} ${body.orderId}`);
  }
  if (!body.txid) throw refused('txid', `a ${body.type} record needs its transaction`);
  const trade = await findTrade(db, body.orderId, body.txid);
  if (!trade || trade.tradeStatus === 'canceled' || trade.tradeStatus === 'sniped') {
    throw refused('txid', `${body.txid} is not a purchase of ${body.orderId}`);
  }
  const takers = [listing.takerOrdinalAddress, listing.takerPaymentAddress, trade.takerAddress];
  if (!isSessionOf(session, ...takers)) {
    throw refused('orderId', `${body.orderId} was not bought by the signed-in wallet`);
  }
  if (!takers.includes(body.address)) {
    throw refused('address', `${body.address} is not the buyer of ${body.orderId}`);
  }
  checkInscription(body, listing.inscriptionId);
  if (body.count !== 1) throw refused('count', 'one listing is one inscription');
}

async function verifyListing(db: Db, session: SessionClaims, body: OrderBody): Promise<void> {
  const listing = await findListing(db, body.orderId);
  if (!listing || listing.phaseId !== null) {
    throw refused('orderId', `no listing ${body.orderId}`);
  }
  const makers = [listing.makerOrdinalAddress, listing.makerPaymentAddress];
  if (!isSessionOf(session, ...makers)) {
    throw refused('orderId', `${body.orderId} was not listed by the signed-in wallet`);
  }
  if (!makers.includes(body.address)) {
    throw refused('address', `${body.address} is not the seller of ${body.orderId}`);
  }
  if (listing.status === 'pending') throw refused('orderId', `${body.orderId} is not listed yet`);
  checkInscription(body, listing.inscriptionId);
  if (body.count !== 1) throw refused('count', 'one listing is one inscription');
}

async function verifyEditionMint(db: Db, session: SessionClaims, body: OrderBody): Promise<void> {
  const order = await findEditionOrder(db, body.orderId);
  if (!order || order.userId !== session.userId) {
    throw refused('orderId', `no edition order ${body.orderId} of the signed-in wallet`);
  }
  if (order.status === 'awaiting_payment' || order.status === 'expired' || !order.commitTxid) {
    throw refused('orderId', `edition order ${body.orderId} is not paid`);
  }
  if (body.txid && body.txid !== order.commitTxid && body.txid !== order.revealTxid) {
    throw refused('txid', `${body.txid} is not the payment of edition order ${body.orderId}`);
  }
  if (![order.takerOrdinalAddress, order.takerPaymentAddress].includes(body.address)) {
    throw refused('address', `${body.address} is not the buyer of edition order ${body.orderId}`);
  }
  if (body.count !== order.mintCount) {
    throw refused('count', `edition order ${body.orderId} minted ${order.mintCount}`);
  }
}

async function verifyBid(db: Db, session: SessionClaims, body: OrderBody): Promise<void> {
  if (!body.auctionId) throw refused('auctionId', 'an AuctionBid record needs its auction');
  if (!(await auctionExists(db, body.auctionId))) {
    throw refused('auctionId', `no auction ${body.auctionId}`);
  }
  const bid = await findAuctionBid(db, body.orderId);
  if (!bid || bid.bidderUserId !== session.userId || bid.status === 'pending_signature') {
    throw refused('orderId', `no placed bid ${body.orderId} of the signed-in wallet`);
  }
  if (body.auctionId !== bid.auctionId) {
    throw refused('auctionId', `bid ${body.orderId} is on auction ${bid.auctionId}`);
  }
  if (body.address !== bid.bidderOrdinalAddress) {
    throw refused('address', `${body.address} is not the bidder of ${body.orderId}`);
  }
  checkInscription(body, bid.inscriptionId);
  if (body.txid && body.txid !== bid.txid) {
    throw refused('txid', `${body.txid} is not the settlement of bid ${body.orderId}`);
  }
  if (body.count !== 1) throw refused('count', 'one bid is one inscription');
}

function checkInscription(body: OrderBody, inscriptionId: string): void {
  if (body.inscriptionId !== undefined && body.inscriptionId !== inscriptionId) {
    throw refused('inscriptionId', `${body.orderId} is for inscription ${inscriptionId}`);
  }
}
