import type { Db } from '../../db/create-db.ts';
import type { NewOrder, Order } from '../../db/database.ts';
import { invalidInput } from '../../http/app-error.ts';

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
