import type { Db } from '../../db/create-db.ts';
import type { NewOrder, Order } from '../../db/orders.tables.ts';
import { invalidInput } from '../../http/app-error.ts';
import { findOrder } from '../editions/edition-orders.queries.ts';
import { editionStatusOf } from '../editions/edition-wire.ts';

/**
 * Stores an order record; a retry of the same (user, type, orderId) answers the stored one. An
 * auctionId naming no auction is a 400.
 */
export async function upsertOrder(db: Db, order: NewOrder): Promise<Order> {
  const inserted = await db.kysely
    .insertInto('orders')
    .values(order)
    .onConflict((oc) => oc.columns(['user_id', 'type', 'order_id']).doNothing())
    .returningAll()
    .executeTakeFirst()
    .catch((err: unknown) => {
      // PostgreSQL's foreign key violation: auction_id is the only reference a body can name.
      if ((err as { code?: unknown }).code === '23503') {
        throw invalidInput(`auctionId: no auction ${order.auction_id}`, 'auctionId');
      }
      throw err;
    });
  if (inserted) return inserted;
  return db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', order.user_id)
    .where('type', '=', order.type)
    .where('order_id', '=', order.order_id)
    .executeTakeFirstOrThrow();
}

/** A user's order records, newest first. */
export async function ordersOf(db: Db, userId: string, limit: number): Promise<Order[]> {
  return db.kysely
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('date', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A market listing or launch mint row (orderbook), by id. */
export async function findListing(db: Db, id: string) {
  return db.kysely
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
}

/** The trade of that listing made by that transaction. */
export async function findTrade(db: Db, orderId: string, txid: string) {
  return db.kysely
    .selectFrom('trade_history')
    .select(['trade_status', 'taker_address'])
    .where('order_id', '=', orderId)
    .where('transaction_id', '=', txid)
    .executeTakeFirst();
}

/** An edition order as its record is checked: its wire status (ADR 011) from the engine's state. */
export async function findEditionOrder(db: Db, id: string) {
  const order = await findOrder(db, id);
  if (!order) return undefined;
  return {
    user_id: order.userId,
    status: editionStatusOf(order.state, order.refundReason),
    mint_count: order.mintCount,
    commit_txid: order.commitTxid,
    reveal_txid: order.revealTxid,
    taker_ordinal_address: order.takerOrdinalAddress,
    taker_payment_address: order.takerPaymentAddress,
  };
}

/** A bid with its auction's inscription. */
export async function findAuctionBid(db: Db, id: string) {
  return db.kysely
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
}

export async function auctionExists(db: Db, id: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('auctions')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
