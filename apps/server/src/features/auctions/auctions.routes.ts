import {
  ConfirmAuctionBodySchema,
  ConfirmBidBodySchema,
  AuctionsQuerySchema,
  createAuctionBodySchema,
  PlaceBidBodySchema,
  CreateAuctionPayloadSchema,
  ConfirmAuctionPayloadSchema,
  AuctionsPayloadSchema,
  CancelAuctionPayloadSchema,
  PlaceBidPayloadSchema,
  ConfirmBidPayloadSchema,
} from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { confirmBid, placeBid } from './auction-bid.service.ts';
import { cancelAuction } from './auction-cancel.service.ts';
import { confirmAuction, createAuction } from './auction-create.service.ts';
import { checkAuctionSlug, getAuction, getAuctions } from './auction-read.service.ts';

const SlugParamSchema = z.object({
  slug: z.string().trim().min(1, 'slug is required').max(100, 'slug is too long'),
});
const BidParamSchema = SlugParamSchema.extend({ bidId: z.uuid('bidId must be a bid id') });

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  create: {
    summary: 'Create an auction: the escrow PSBT to sign',
    payload: CreateAuctionPayloadSchema,
  },
  confirm: {
    summary: "Confirm an auction with the seller's signatures",
    body: ConfirmAuctionBodySchema,
    payload: ConfirmAuctionPayloadSchema,
  },
  list: {
    summary: 'Auctions: live, upcoming or ended, paged',
    query: AuctionsQuerySchema,
    payload: AuctionsPayloadSchema,
  },
  checkSlug: { summary: 'Whether an auction slug is taken', params: SlugParamSchema },
  one: { summary: 'One auction with its bids', params: SlugParamSchema },
  cancel: {
    summary: 'Cancel an auction before its first bid',
    params: SlugParamSchema,
    payload: CancelAuctionPayloadSchema,
  },
  bid: {
    summary: 'Bid: the settlement PSBT to sign',
    params: SlugParamSchema,
    body: PlaceBidBodySchema,
    payload: PlaceBidPayloadSchema,
  },
  confirmBid: {
    summary: 'Bid: confirm with the signed settlement',
    params: BidParamSchema,
    body: ConfirmBidBodySchema,
    payload: ConfirmBidPayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * English auctions (product.md#creator-calls, #market-calls "Auctions"; ADR 012); their
 * settlement is background work (auctions.workers.ts). Creating, canceling and bidding need
 * sign-in; confirming an auction is authorized by the seller's signatures themselves.
 */
export function auctionsRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const signedIn = { config: writeLimit, preHandler: requireSession(deps.jwtSecret) };
  const write = { config: writeLimit };
  const session = (request: FastifyRequest) => request.session as SessionClaims;
  const createSchema = createAuctionBodySchema(deps.env.BITCOIN_NETWORK);

  app.post(
    '/api/launchpad/auctions/create',
    documented({ ...docs.create, body: createSchema }, signedIn),
    async (request) => {
      const body = parseInput(createSchema, request.body, 'body');
      return { success: true, payload: await createAuction(deps, session(request), body) };
    },
  );

  app.put('/api/launchpad/auctions/confirm', documented(docs.confirm, write), async (request) => {
    const body = parseInput(ConfirmAuctionBodySchema, request.body, 'body');
    return { success: true, payload: await confirmAuction(deps, body) };
  });

  // The /auctions page (product.md#walk-through-fixes item 4): live, upcoming or ended, paged.
  app.get('/api/launchpad/auctions', documented(docs.list), async (request) => {
    const query = parseInput(AuctionsQuerySchema, request.query, 'query');
    return { success: true, payload: await getAuctions(deps, query) };
  });

  app.get(
    '/api/launchpad/auctions/check-slug/:slug',
    documented(docs.checkSlug),
    async (request) => {
      const { slug } = parseInput(SlugParamSchema, request.params, 'params');
      return { success: true, payload: await checkAuctionSlug(deps, slug) };
    },
  );

  app.get('/api/launchpad/auctions/:slug', documented(docs.one), async (request) => {
    const { slug } = parseInput(SlugParamSchema, request.params, 'params');
    return { success: true, payload: await getAuction(deps, slug) };
  });

  app.delete(
    '/api/launchpad/auctions/:slug',
    documented(docs.cancel, signedIn),
    async (request) => {
      const { slug } = parseInput(SlugParamSchema, request.params, 'params');
      return { success: true, payload: await cancelAuction(deps, session(request), slug) };
    },
  );

  app.post('/api/launchpad/auctions/:slug/bid', documented(docs.bid, signedIn), async (request) => {
    const { slug } = parseInput(SlugParamSchema, request.params, 'params');
    const body = parseInput(PlaceBidBodySchema, request.body, 'body');
    return { success: true, payload: await placeBid(deps, session(request), slug, body) };
  });

  app.put(
    '/api/launchpad/auctions/:slug/bid/:bidId',
    documented(docs.confirmBid, signedIn),
    async (request) => {
      const params = parseInput(BidParamSchema, request.params, 'params');
      const body = parseInput(ConfirmBidBodySchema, request.body, 'body');
      return { success: true, payload: await confirmBid(deps, session(request), params, body) };
    },
  );
}
