import { OrderRecordBodySchema, type OrderRecord } from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { verifyOrderRecord } from './order-verify.ts';
import { ordersOf, upsertOrder, type Order } from './orders.queries.ts';

/** How many order records GET /api/orders answers, newest first. */
const ORDERS_LIMIT = 100;

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  record: { summary: 'Record an order (what the user just did)', body: OrderRecordBodySchema },
  list: { summary: "The user's order records, newest first (100)" },
} satisfies Record<string, RouteDocs>;

/**
 * Order records (product.md#records): what a signed-in user did (BuyListing, ListInscription, ...),
 * written by the web app after each action and read back for rewards; each must match our own
 * row of that action (order-verify.ts) before it is stored. Without a session both
 * answer 401 { success: false, error: 'user is not authenticated' } (product.md#roles).
 */
export function ordersRoutes(
  app: FastifyInstance,
  { db, jwtSecret }: AppDeps,
  writeLimit: object,
): void {
  const preHandler = requireSession(jwtSecret);

  app.post(
    '/api/orders',
    documented(docs.record, { config: writeLimit, preHandler }),
    async (request) => {
      const body = parseInput(OrderRecordBodySchema, request.body, 'body');
      const session = request.session as SessionClaims;
      const rewardState = await verifyOrderRecord(db, session, body);
      const order = await upsertOrder(db, {
        userId: session.userId,
        rewardState,
        source: body.source,
        type: body.type,
        orderId: body.orderId,
        address: body.address,
        count: body.count,
        txid: body.txid ?? null,
        inscriptionId: body.inscriptionId ?? null,
        auctionId: body.auctionId ?? null,
        psbt: body.psbt ?? null,
      });
      return { success: true, payload: toOrderRecord(order) };
    },
  );

  app.get('/api/orders', documented(docs.list, { preHandler }), async (request) => {
    const { userId } = request.session as SessionClaims;
    const orders = await ordersOf(db, userId, ORDERS_LIMIT);
    return { success: true, payload: orders.map(toOrderRecord) };
  });
}

function toOrderRecord(order: Order): OrderRecord {
  return {
    id: order.id,
    source: order.source,
    type: order.type,
    orderId: order.orderId,
    address: order.address,
    date: order.date.toISOString(),
    rewardState: order.rewardState,
    userId: order.userId,
    count: order.count,
    txid: order.txid,
    inscriptionId: order.inscriptionId,
    auctionId: order.auctionId,
  };
}
