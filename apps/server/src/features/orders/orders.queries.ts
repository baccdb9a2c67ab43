import type { Selectable } from 'kysely';
import type { EditionOrderStatus } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import type { AuctionBidStatus, OrderbookStatus, TradeStatus } from '../../db/market.tables.ts';
import type { OrdersTable, OrderType, RewardState } from '../../db/orders.tables.ts';
import { invalidInput } from '../../http/app-error.ts';
import { findOrder } from '../editions/edition-orders.queries.ts';
import { editionStatusOf } from '../editions/edition-wire.ts';

/** An order record (product.md#records): what a signed-in user did, and its reward state. */
export interface Order {
  id: string;
  orderId: string;
  source: string;
  type: OrderType;
  userId: string;
  address: string;
  date: Date;
  rewardState: RewardState;
  count: number;
  txid: string | null;
  inscriptionId: string | null;
  auctionId: string | null;
  psbt: string | null;
}

/** A record to store: the database gives its id and date. */
export type NewOrder = Omit<Order, 'id' | 'date'>;

function toOrder(row: Selectable<OrdersTable>): Order {
  return {
    id: row.id,
    orderId: row.order_id,
    source: row.source,
    type: row.type,
    userId: row.user_id,
    address: row.address,
    date: row.date,
    rewardState: row.reward_state,
    count: row.count,
    txid: row.txid,
    inscriptionId: row.inscription_id,
    auctionId: row.auction_id,
    psbt: row.psbt,
  };
}

/**
 * Stores an order record; a retry of the same (user, type, orderId) answers the stored one. An
 * auctionId naming no auction is a 400.
 */
export async function upsertOrder(db: Db, order: NewOrder): Promise<Order> {
  const inserted = await db.kysely
    .insertInto('orders')
    .values({
      order_id: order.orderId,
      source: order.source,
      type: order.type,
      user_id: order.userId,
      address: order.address,
      reward_state: order.rewardState,
      count: order.count,
      txid: order.txid,
      inscription_id: order.inscriptionId,
      auction_id: order.auctionId,
      psbt: order.psbt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'type', 'order_id']).doNothing())
    .returningAll()
    .executeTakeFirst()
    .catch((err: unknown) => {
      // PostgreSQL's foreign key violation: auction_id is the only reference a body can name.
      if ((err as { code?: unknown }).code === '23503') {
        throw invalidInput(`auctionId: no auction ${order.auctionId}`, 'auctionId');
      }
      throw err;
    });
  if (inserted) return toOrder(inserted);
  const stored = await db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', order.userId)
    .where('type', '=', order.type)
    .where('order_id', '=', order.orderId)
    .executeTakeFirstOrThrow();
  return toOrder(stored);
}

/** A user's order records, newest first. */
export async function ordersOf(db: Db, userId: string, limit: number): Promise<Order[]> {
  const rows = await db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('date', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toOrder);
}

/** A listing or launch mint (orderbook) as a record is checked against it: who made and took it. */
export interface ListingParties {
  inscriptionId: string;
  /** Set for a launch mint, null for a market listing. */
  phaseId: string | null;
  status: OrderbookStatus;
  makerOrdinalAddress: string | null;
  makerPaymentAddress: string | null;
  takerOrdinalAddress: string | null;
  takerPaymentAddress: string | null;
}

/** A market listing or launch mint row (orderbook), by id. */
export async function findListing(db: Db, id: string): Promise<ListingParties | undefined> {
  const row = await db.kysely
    .selectFrom('orderbook')
    .select([
      'inscription_id',
      'phase_id',
      'status',
      'maker_ordinal_address',
      'maker_payment_address',
      'taker_ordinal_address',
      'taker_payment_address',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      inscriptionId: row.inscription_id,
      phaseId: row.phase_id,
      status: row.status,
      makerOrdinalAddress: row.maker_ordinal_address,
      makerPaymentAddress: row.maker_payment_address,
      takerOrdinalAddress: row.taker_ordinal_address,
      takerPaymentAddress: row.taker_payment_address,
    }
  );
}

/** The trade of that listing made by that transaction. */
export async function findTrade(
  db: Db,
  orderId: string,
  txid: string,
): Promise<{ tradeStatus: TradeStatus; takerAddress: string | null } | undefined> {
  const row = await db.kysely
    .selectFrom('trade_history')
    .select(['trade_status', 'taker_address'])
    .where('order_id', '=', orderId)
    .where('transaction_id', '=', txid)
    .executeTakeFirst();
  return row && { tradeStatus: row.trade_status, takerAddress: row.taker_address };
}

/** An edition order as its record is checked: its wire status (ADR 011) from the engine's state. */
export async function findEditionOrder(db: Db, id: string): Promise<EditionMintCheck | undefined> {
  const order = await findOrder(db, id);
  if (!order) return undefined;
  return {
    userId: order.userId,
    status: editionStatusOf(order.state, order.refundReason),
    mintCount: order.mintCount,
    commitTxid: order.commitTxid,
    revealTxid: order.revealTxid,
    takerOrdinalAddress: order.takerOrdinalAddress,
    takerPaymentAddress: order.takerPaymentAddress,
  };
}

export interface EditionMintCheck {
  userId: string;
  status: EditionOrderStatus;
  mintCount: number;
  commitTxid: string | null;
  revealTxid: string | null;
  takerOrdinalAddress: string;
  takerPaymentAddress: string;
}

/** A bid with its auction's inscription. */
export interface BidCheck {
  auctionId: string;
  bidderUserId: string;
  bidderOrdinalAddress: string;
  status: AuctionBidStatus;
  txid: string | null;
  inscriptionId: string;
}

export async function findAuctionBid(db: Db, id: string): Promise<BidCheck | undefined> {
  const row = await db.kysely
    .selectFrom('auction_bids')
    .innerJoin('auctions', 'auctions.id', 'auction_bids.auction_id')
    .select([
      'auction_bids.auction_id',
      'auction_bids.bidder_user_id',
      'auction_bids.bidder_ordinal_address',
      'auction_bids.status',
      'auction_bids.txid',
      'auctions.inscription_id',
    ])
    .where('auction_bids.id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      auctionId: row.auction_id,
      bidderUserId: row.bidder_user_id,
      bidderOrdinalAddress: row.bidder_ordinal_address,
      status: row.status,
      txid: row.txid,
      inscriptionId: row.inscription_id,
    }
  );
}

export async function auctionExists(db: Db, id: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('auctions')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
