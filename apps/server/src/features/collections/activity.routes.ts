import {
  ActivityQuerySchema,
  InscriptionIdParamSchema,
  ListingsQuerySchema,
  MarketplacePaginationSchema,
  ProfileActivityQuerySchema,
  TradeHistoryQuerySchema,
  ActivityPayloadSchema,
  AddressParamSchema,
  OrderbookPayloadSchema,
  ListingsPayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { checkAddress, parseAddressParam } from '../../http/address-input.ts';
import { parseInput } from '../../http/validate.ts';
import {
  addressActivity,
  fetchActivity,
  listListings,
  orderbookOfInscription,
  profileActivity,
  tradeHistoryByOrderIds,
} from './activity.queries.ts';

// Trade activity and the order book (product.md#market-calls "Data queries"): read-only, no
// sign-in; the signed PSBTs of the order book never leave the server.

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  activity: {
    summary: 'Trade activity (sales, listings, delistings)',
    query: ActivityQuerySchema,
    payload: ActivityPayloadSchema,
    isStable: true,
  },
  addressActivity: {
    summary: 'Trade activity of one address',
    params: AddressParamSchema,
    query: MarketplacePaginationSchema,
    payload: ActivityPayloadSchema,
    isStable: true,
  },
  profileActivity: {
    summary: "Trade activity of a profile's addresses",
    query: ProfileActivityQuerySchema,
    payload: ActivityPayloadSchema,
  },
  tradeHistory: {
    summary: 'Trades of the given order ids',
    query: TradeHistoryQuerySchema,
    payload: ActivityPayloadSchema,
    isStable: true,
  },
  orderbook: {
    summary: 'Open listings and offers of one inscription',
    params: InscriptionIdParamSchema,
    payload: OrderbookPayloadSchema,
    isStable: true,
  },
  listings: {
    summary: 'Open listings, filtered and paged',
    query: ListingsQuerySchema,
    payload: ListingsPayloadSchema,
    isStable: true,
  },
} satisfies Record<string, RouteDocs>;

export function activityRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  app.get('/api/activity', documented(docs.activity), async (request) => {
    const query = parseInput(ActivityQuerySchema, request.query, 'query');
    return { success: true, payload: { activity: await fetchActivity(db, query) } };
  });

  app.get('/api/address/:address/activity', documented(docs.addressActivity), async (request) => {
    const address = parseAddressParam(request.params, env.BITCOIN_NETWORK);
    const query = parseInput(MarketplacePaginationSchema, request.query, 'query');
    return { success: true, payload: { activity: await addressActivity(db, address, query) } };
  });

  app.get('/api/profile/activity', documented(docs.profileActivity), async (request) => {
    const query = parseInput(ProfileActivityQuerySchema, request.query, 'query');
    query.addresses.forEach((address, i) =>
      checkAddress(address, `addresses[${i}]`, env.BITCOIN_NETWORK),
    );
    return {
      success: true,
      payload: { activity: await profileActivity(db, query.addresses, query) },
    };
  });

  app.get('/api/trade-history', documented(docs.tradeHistory), async (request) => {
    const { orderIds } = parseInput(TradeHistoryQuerySchema, request.query, 'query');
    return { success: true, payload: { activity: await tradeHistoryByOrderIds(db, orderIds) } };
  });

  app.get(
    '/api/inscriptions/:inscriptionId/orderbook',
    documented(docs.orderbook),
    async (request) => {
      const { inscriptionId } = parseInput(InscriptionIdParamSchema, request.params, 'params');
      return { success: true, payload: await orderbookOfInscription(db, inscriptionId) };
    },
  );

  app.get('/api/listings', documented(docs.listings), async (request) => {
    const query = parseInput(ListingsQuerySchema, request.query, 'query');
    return { success: true, payload: { listings: await listListings(db, query) } };
  });
}
