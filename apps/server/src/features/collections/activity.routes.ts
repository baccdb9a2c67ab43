import {
  ActivityQuerySchema,
  InscriptionIdParamSchema,
  ListingsQuerySchema,
  MarketplacePaginationSchema,
  TradeHistoryQuerySchema,
} from '@om/core';
import { isValidAddress } from '@om/bitcoin';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { invalidInput } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import {
  addressActivity,
  fetchActivity,
  listListings,
  orderbookOfInscription,
  tradeHistoryByOrderIds,
} from './activity.queries.ts';

// Trade activity and the order book (spec 001 §7 "Data queries"): read-only, no sign-in; the
// signed PSBTs of the order book never leave the server.

const AddressParamSchema = z.object({
  address: z.string().trim().min(1, 'address is required').max(100, 'address is too long'),
});

export function activityRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  app.get('/api/activity', async (request) => {
    const query = parseInput(ActivityQuerySchema, request.query, 'query');
    return { success: true, payload: { activity: await fetchActivity(db, query) } };
  });

  app.get('/api/address/:address/activity', async (request) => {
    const { address } = parseInput(AddressParamSchema, request.params, 'params');
    if (!isValidAddress(address, env.BITCOIN_NETWORK)) {
      throw invalidInput(`address: not a valid ${env.BITCOIN_NETWORK} address`, 'address');
    }
    const query = parseInput(MarketplacePaginationSchema, request.query, 'query');
    return { success: true, payload: { activity: await addressActivity(db, address, query) } };
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
