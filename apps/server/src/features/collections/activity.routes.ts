import {
  ActivityQuerySchema,
  InscriptionIdParamSchema,
  ListingsQuerySchema,
  MarketplacePaginationSchema,
  ProfileActivityQuerySchema,
  TradeHistoryQuerySchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
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

// Trade activity and the order book (spec 001 §7 "Data queries"): read-only, no sign-in; the
// signed PSBTs of the order book never leave the server.

export function activityRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  app.get('/api/activity', async (request) => {
    const query = parseInput(ActivityQuerySchema, request.query, 'query');
    return { success: true, payload: { activity: await fetchActivity(db, query) } };
  });

  app.get('/api/address/:address/activity', async (request) => {
    const address = parseAddressParam(request.params, env.BITCOIN_NETWORK);
    const query = parseInput(MarketplacePaginationSchema, request.query, 'query');
    return { success: true, payload: { activity: await addressActivity(db, address, query) } };
  });

  app.get('/api/profile/activity', async (request) => {
    const query = parseInput(ProfileActivityQuerySchema, request.query, 'query');
    query.addresses.forEach((address, i) =>
      checkAddress(address, `addresses[${i}]`, env.BITCOIN_NETWORK),
    );
    return {
      success: true,
      payload: { activity: await profileActivity(db, query.addresses, query) },
    };
  });

  app.get('/api/trade-history', async (request) => {
    const { orderIds } = parseInput(TradeHistoryQuerySchema, request.query, 'query');
    return { success: true, payload: { activity: await tradeHistoryByOrderIds(db, orderIds) } };
  });

  app.get('/api/inscriptions/:inscriptionId/orderbook', async (request) => {
    const { inscriptionId } = parseInput(InscriptionIdParamSchema, request.params, 'params');
    return { success: true, payload: await orderbookOfInscription(db, inscriptionId) };
  });

  app.get('/api/listings', async (request) => {
    const query = parseInput(ListingsQuerySchema, request.query, 'query');
    return { success: true, payload: { listings: await listListings(db, query) } };
  });
}
