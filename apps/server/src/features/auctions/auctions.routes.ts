import {
  ConfirmAuctionBodySchema,
  ConfirmBidBodySchema,
  AuctionsQuerySchema,
  createAuctionBodySchema,
  PlaceBidBodySchema,
} from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../auth/auth-token.ts';
import { confirmBid, placeBid } from './auction-bid.service.ts';
import { cancelAuction } from './auction-cancel.service.ts';
import { confirmAuction, createAuction } from './auction-create.service.ts';
import { checkAuctionSlug, getAuction, getAuctions } from './auction-read.service.ts';
import { startEscrowWatch } from './auction-escrow-watch.ts';
import { startAuctionWorker } from './auction-settle.worker.ts';

const SlugParamSchema = z.object({
  slug: z.string().trim().min(1, 'slug is required').max(100, 'slug is too long'),
});
const BidParamSchema = SlugParamSchema.extend({ bidId: z.uuid('bidId must be a bid id') });

/**
 * English auctions (spec 000 §7, spec 001 §7 "Auctions"; issue 6, ADR 012), with the worker that
 * settles them once ended (stopped when the app closes). Creating, canceling and bidding need sign-in;
 * confirming an auction is authorized by the seller's signatures themselves.
 */
export function registerAuctions(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const worker = startAuctionWorker(deps);
  app.addHook('onClose', worker.stop);
  app.addHook('onClose', startEscrowWatch(deps));
  const signedIn = { config: writeLimit, preHandler: requireSession(deps.jwtSecret) };
  const write = { config: writeLimit };
  const session = (request: FastifyRequest) => request.session as SessionClaims;
  const createSchema = createAuctionBodySchema(deps.env.BITCOIN_NETWORK);

  app.post('/api/launchpad/auctions/create', signedIn, async (request) => {
    const body = parseInput(createSchema, request.body, 'body');
    return { success: true, payload: await createAuction(deps, session(request), body) };
  });

  app.put('/api/launchpad/auctions/confirm', write, async (request) => {
    const body = parseInput(ConfirmAuctionBodySchema, request.body, 'body');
    return { success: true, payload: await confirmAuction(deps, body) };
  });

  // The /auctions page (issue 21 item 4): live, upcoming or ended, paged.
  app.get('/api/launchpad/auctions', async (request) => {
    const query = parseInput(AuctionsQuerySchema, request.query, 'query');
    return { success: true, payload: await getAuctions(deps, query) };
  });

  app.get('/api/launchpad/auctions/check-slug/:slug', async (request) => {
    const { slug } = parseInput(SlugParamSchema, request.params, 'params');
    return { success: true, payload: await checkAuctionSlug(deps, slug) };
  });

  app.get('/api/launchpad/auctions/:slug', async (request) => {
    const { slug } = parseInput(SlugParamSchema, request.params, 'params');
    return { success: true, payload: await getAuction(deps, slug) };
  });

  app.delete('/api/launchpad/auctions/:slug', signedIn, async (request) => {
    const { slug } = parseInput(SlugParamSchema, request.params, 'params');
    return { success: true, payload: await cancelAuction(deps, session(request), slug) };
  });

  app.post('/api/launchpad/auctions/:slug/bid', signedIn, async (request) => {
    const { slug } = parseInput(SlugParamSchema, request.params, 'params');
    const body = parseInput(PlaceBidBodySchema, request.body, 'body');
    return { success: true, payload: await placeBid(deps, session(request), slug, body) };
  });

  app.put('/api/launchpad/auctions/:slug/bid/:bidId', signedIn, async (request) => {
    const params = parseInput(BidParamSchema, request.params, 'params');
    const body = parseInput(ConfirmBidBodySchema, request.body, 'body');
    return { success: true, payload: await confirmBid(deps, session(request), params, body) };
  });
}
