import {
  ConfirmDelistBodySchema,
  ConfirmListingBodySchema,
  CreateListingBodySchema,
  CreateOfferBodySchema,
  DelistOffchainBodySchema,
  PrepareDelistBodySchema,
  RelistBodySchema,
  SubmitOfferBodySchema,
  CreateListingPayloadSchema,
  ConfirmListingPayloadSchema,
  PrepareDelistPayloadSchema,
  ConfirmDelistPayloadSchema,
  DelistOffchainPayloadSchema,
  RelistPayloadSchema,
  CreateOfferPayloadSchema,
  SubmitOfferPayloadSchema,
} from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { confirmDelist, delistOffchain, prepareDelist } from './delist.service.ts';
import { confirmListings, createListings } from './listing.service.ts';
import { createOffer, submitOffer } from '../../trading/offer.service.ts';
import { relistListing } from './relist.service.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  create: {
    summary: 'List inscriptions: the PSBTs to sign',
    body: CreateListingBodySchema,
    payload: CreateListingPayloadSchema,
  },
  confirm: {
    summary: 'Confirm listings with the signed PSBTs',
    body: ConfirmListingBodySchema,
    payload: ConfirmListingPayloadSchema,
  },
  delistPrepare: {
    summary: 'Delist on chain: the transaction to sign',
    body: PrepareDelistBodySchema,
    payload: PrepareDelistPayloadSchema,
  },
  delistConfirm: {
    summary: 'Delist on chain: broadcast the signed transaction',
    body: ConfirmDelistBodySchema,
    payload: ConfirmDelistPayloadSchema,
  },
  delistOffchain: {
    summary: 'Delist without a transaction',
    body: DelistOffchainBodySchema,
    payload: DelistOffchainPayloadSchema,
  },
  relist: {
    summary: "Change a listing's price",
    body: RelistBodySchema,
    payload: RelistPayloadSchema,
  },
  createOffer: {
    summary: 'Buy: the purchase PSBT to sign',
    body: CreateOfferBodySchema,
    payload: CreateOfferPayloadSchema,
  },
  submitOffer: {
    summary: 'Buy: submit the signed purchase',
    body: SubmitOfferBodySchema,
    payload: SubmitOfferPayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * Trading (product.md#market-calls Listings, ADR 007): listing, delisting, relisting and buying.
 */
export function listingsRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const signedIn = { config: writeLimit, preHandler: requireSession(deps.jwtSecret) };
  const open = { config: writeLimit };
  const session = (request: FastifyRequest) => request.session as SessionClaims;

  app.post('/api/listings/protected/create', documented(docs.create, signedIn), async (request) => {
    const body = parseInput(CreateListingBodySchema, request.body, 'body');
    return { success: true, payload: await createListings(deps, session(request), body) };
  });

  app.put(
    '/api/listings/protected/confirm',
    documented(docs.confirm, signedIn),
    async (request) => {
      const body = parseInput(ConfirmListingBodySchema, request.body, 'body');
      return { success: true, payload: await confirmListings(deps, session(request), body) };
    },
  );

  app.delete(
    '/api/listings/protected/delist/prepare',
    documented(docs.delistPrepare, signedIn),
    async (request) => {
      const body = parseInput(PrepareDelistBodySchema, request.body, 'body');
      return { success: true, payload: await prepareDelist(deps, session(request), body) };
    },
  );

  app.put(
    '/api/listings/protected/delist/confirm',
    documented(docs.delistConfirm, signedIn),
    async (request) => {
      const body = parseInput(ConfirmDelistBodySchema, request.body, 'body');
      return { success: true, payload: await confirmDelist(deps, session(request), body) };
    },
  );

  app.delete(
    '/api/listings/protected/delistOffchain',
    documented(docs.delistOffchain, signedIn),
    async (request) => {
      const body = parseInput(DelistOffchainBodySchema, request.body, 'body');
      return { success: true, payload: await delistOffchain(deps, session(request), body) };
    },
  );

  app.post('/api/listings/protected/relist', documented(docs.relist, signedIn), async (request) => {
    const body = parseInput(RelistBodySchema, request.body, 'body');
    return { success: true, payload: await relistListing(deps, session(request), body) };
  });

  // Buying needs no sign-in on the legacy paths: the buyer's signatures are the authority.
  for (const [prefix, options] of [
    ['/api/listings/protected', signedIn],
    ['/api/listings/legacy', open],
  ] as const) {
    app.post(`${prefix}/createOffer`, documented(docs.createOffer, options), async (request) => {
      const body = parseInput(CreateOfferBodySchema, request.body, 'body');
      return { success: true, payload: await createOffer(deps, body) };
    });

    app.put(`${prefix}/submitOffer`, documented(docs.submitOffer, options), async (request) => {
      const body = parseInput(SubmitOfferBodySchema, request.body, 'body');
      return { success: true, payload: await submitOffer(deps, body) };
    });
  }
}
