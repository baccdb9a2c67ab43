import {
  CheckInscriptionsBodySchema,
  ConfirmLaunchPsbtBodySchema,
  createLaunchpadBodySchema,
  createEditionBodySchema,
  CreateMintOfferBodySchema,
  LaunchesQuerySchema,
  onboardCollectionBodySchema,
  ReleaseMintOfferBodySchema,
  SubmitMintOfferBodySchema,
  CreateLaunchpadPayloadSchema,
  CreateEditionPayloadSchema,
  OnboardCollectionPayloadSchema,
  LaunchPsbtPayloadSchema,
  ConfirmLaunchPsbtPayloadSchema,
  LaunchesPayloadSchema,
  CheckInscriptionsPayloadSchema,
  CreateMintOfferPayloadSchema,
  ReleaseMintOfferPayloadSchema,
  SubmitMintOfferPayloadSchema,
} from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { createEdition } from './edition-create.service.ts';
import { abandonLaunch, myLaunches } from './launch-abandon.service.ts';
import { unavailableItems } from './launch-availability.queries.ts';
import { createLaunch } from './launch-create.service.ts';
import {
  createMintOffer,
  getAllocation,
  releaseMintOffer,
  submitMintOffer,
} from './launch-mint.service.ts';
import { getFeaturedLaunches, listLaunches } from './launch-list.service.ts';
import { getLaunchInfo, getPublicLaunch, isCollectionNameTaken } from './launch-read.service.ts';
import { isSlugTaken } from './launchpad.queries.ts';
import { confirmLaunchPsbt, getLaunchPsbt } from './launch-sign.service.ts';
import { onboardCollection } from './onboard.service.ts';

const IdParamSchema = z.object({ id: z.uuid('id must be a uuid') });
const SlugParamSchema = z.object({
  slug: z.string().trim().min(1, 'slug is required').max(100, 'slug is too long'),
});
const NameQuerySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(200, 'name is too long'),
});
const AllocationParamSchema = z.object({
  launchpadId: z.uuid('launchpadId must be a uuid'),
  address: z.string().trim().min(1, 'address is required').max(100, 'address is too long'),
});
const AllocationQuerySchema = z.object({
  paymentAddress: z
    .string()
    .trim()
    .min(1, 'paymentAddress must not be empty')
    .max(100, 'paymentAddress is too long')
    .optional(),
});

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  create: { summary: 'Create a pre-inscribed launch', payload: CreateLaunchpadPayloadSchema },
  editionsCreate: { summary: 'Create an edition launch', payload: CreateEditionPayloadSchema },
  collectionOnboard: {
    summary: 'Onboard an existing collection (goes to review)',
    payload: OnboardCollectionPayloadSchema,
  },
  info: { summary: "A launch's phases and progress", params: IdParamSchema },
  mine: { summary: "The creator's launches with their state" },
  abandon: { summary: 'Abandon an unsigned launch', params: IdParamSchema, body: 'none' },
  getPsbt: {
    summary: 'The launch batch PSBTs for the creator to sign',
    params: IdParamSchema,
    payload: LaunchPsbtPayloadSchema,
  },
  confirm: {
    summary: 'Confirm a launch with the signed PSBT',
    params: IdParamSchema,
    body: ConfirmLaunchPsbtBodySchema,
    payload: ConfirmLaunchPsbtPayloadSchema,
  },
  bySlug: { summary: 'A public launch page', params: SlugParamSchema },
  featured: { summary: 'Featured launches' },
  launches: {
    summary: 'Launches by status and type, paged',
    query: LaunchesQuerySchema,
    payload: LaunchesPayloadSchema,
  },
  checkSlug: { summary: 'Whether a launch slug is taken', params: SlugParamSchema },
  checkName: { summary: 'Whether a collection name is taken', query: NameQuerySchema },
  getAllocation: {
    summary: 'What a wallet may still mint, per phase',
    params: AllocationParamSchema,
    query: AllocationQuerySchema,
  },
  checkInscriptions: {
    summary: 'Which inscriptions a launch could not use, and why',
    body: CheckInscriptionsBodySchema,
    payload: CheckInscriptionsPayloadSchema,
  },
  offerCreate: {
    summary: 'Mint: reserve items and get the PSBT to sign',
    body: CreateMintOfferBodySchema,
    payload: CreateMintOfferPayloadSchema,
  },
  offerRelease: {
    summary: 'Mint: release reserved offers',
    body: ReleaseMintOfferBodySchema,
    payload: ReleaseMintOfferPayloadSchema,
  },
  offerSubmit: {
    summary: 'Mint: submit the signed PSBT',
    body: SubmitMintOfferBodySchema,
    payload: SubmitMintOfferPayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * The pre-inscribed launch (product.md#creator-calls, #market-calls "Launch mint and offers"; ADR
 * 010). Creating and minting need sign-in; signing batches is authorized by the signatures
 * themselves.
 */
export function launchpadRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  writeLimit: object,
  worker: { wake: () => void },
): void {
  const signedIn = { config: writeLimit, preHandler: requireSession(deps.jwtSecret) };
  const write = { config: writeLimit };
  const session = (request: FastifyRequest) => request.session as SessionClaims;
  const createSchema = createLaunchpadBodySchema(deps.env.BITCOIN_NETWORK);
  const onboardSchema = onboardCollectionBodySchema(deps.env.BITCOIN_NETWORK);
  const editionSchema = createEditionBodySchema(deps.env.BITCOIN_NETWORK);

  app.post(
    '/api/launchpad/create',
    documented({ ...docs.create, body: createSchema }, signedIn),
    async (request) => {
      const body = parseInput(createSchema, request.body, 'body');
      const payload = await createLaunch(deps, session(request), body);
      worker.wake();
      return { success: true, payload };
    },
  );

  app.post(
    '/api/launchpad/editions/create',
    documented({ ...docs.editionsCreate, body: editionSchema }, signedIn),
    async (request) => {
      const body = parseInput(editionSchema, request.body, 'body');
      return { success: true, payload: await createEdition(deps, session(request), body) };
    },
  );

  app.post(
    '/api/collection/onboard',
    documented({ ...docs.collectionOnboard, body: onboardSchema }, signedIn),
    async (request) => {
      const body = parseInput(onboardSchema, request.body, 'body');
      return { success: true, payload: await onboardCollection(deps, session(request), body) };
    },
  );

  app.get('/api/launchpad/info/:id', documented(docs.info), async (request) => {
    const { id } = parseInput(IdParamSchema, request.params, 'params');
    return { success: true, payload: await getLaunchInfo(deps, id) };
  });

  // product.md#spec-gaps: the creator's launches with their state (resume what is unsigned, or
  // abandon it).
  app.get(
    '/api/launchpad/mine',
    documented(docs.mine, { preHandler: requireSession(deps.jwtSecret) }),
    async (request) => ({
      success: true,
      payload: await myLaunches(deps, session(request)),
    }),
  );

  app.post('/api/launchpad/abandon/:id', documented(docs.abandon, signedIn), async (request) => {
    const { id } = parseInput(IdParamSchema, request.params, 'params');
    return { success: true, payload: await abandonLaunch(deps, session(request), id) };
  });

  app.get('/api/launchpad/get-psbt/:id', documented(docs.getPsbt), async (request) => {
    const { id } = parseInput(IdParamSchema, request.params, 'params');
    return { success: true, payload: await getLaunchPsbt(deps, id) };
  });

  app.put('/api/launchpad/confirm/:id', documented(docs.confirm, write), async (request) => {
    const { id } = parseInput(IdParamSchema, request.params, 'params');
    const body = parseInput(ConfirmLaunchPsbtBodySchema, request.body, 'body');
    return { success: true, payload: await confirmLaunchPsbt(deps, id, body.signedPsbt) };
  });

  app.get('/api/launchpad/by-slug/:slug', documented(docs.bySlug), async (request) => {
    const { slug } = parseInput(SlugParamSchema, request.params, 'params');
    return { success: true, payload: await getPublicLaunch(deps, slug) };
  });

  app.get('/api/launchpad/featured', documented(docs.featured), async () => ({
    success: true,
    payload: await getFeaturedLaunches(deps),
  }));

  // The /launches page (product.md#walk-through-fixes item 4): every listed launch by status tab
  // and type, paged.
  app.get('/api/launchpad/launches', documented(docs.launches), async (request) => {
    const query = parseInput(LaunchesQuerySchema, request.query, 'query');
    return { success: true, payload: await listLaunches(deps, query) };
  });

  app.get('/api/launchpad/check-slug/:slug', documented(docs.checkSlug), async (request) => {
    const { slug } = parseInput(SlugParamSchema, request.params, 'params');
    return { success: true, payload: { taken: await isSlugTaken(deps.db.kysely, slug) } };
  });

  app.get('/api/launchpad/check-name', documented(docs.checkName), async (request) => {
    const { name } = parseInput(NameQuerySchema, request.query, 'query');
    return { success: true, payload: { taken: await isCollectionNameTaken(deps, name) } };
  });

  app.get(
    '/api/launchpad/get-allocation/:launchpadId/:address',
    documented(docs.getAllocation),
    async (request) => {
      const { launchpadId, address } = parseInput(AllocationParamSchema, request.params, 'params');
      const { paymentAddress } = parseInput(AllocationQuerySchema, request.query, 'query');
      const wallet = { address, paymentAddress };
      return { success: true, payload: await getAllocation(deps, launchpadId, wallet) };
    },
  );

  // Minting needs sign-in (product.md#trust-findings findings 1 and 3): the allowance is the
  // proven wallet's. The wizard's inscriptions step (product.md#walk-through-fixes items 1 and
  // 12): what creating would refuse, said while the list is checked rather than at the last step.
  app.post(
    '/api/launchpad/check-inscriptions',
    documented(docs.checkInscriptions),
    async (request) => {
      const { ids } = parseInput(CheckInscriptionsBodySchema, request.body, 'body');
      const unavailable = (await unavailableItems(deps.db.kysely, ids)).map(
        ({ inscriptionId, message }) => ({
          inscriptionId,
          message,
        }),
      );
      return { success: true, payload: { unavailable } };
    },
  );

  app.post(
    '/api/launchpad/offer/create',
    documented(docs.offerCreate, signedIn),
    async (request) => {
      const body = parseInput(CreateMintOfferBodySchema, request.body, 'body');
      return {
        success: true,
        payload: await createMintOffer(deps, session(request), body, request.ip),
      };
    },
  );

  app.post(
    '/api/launchpad/offer/release',
    documented(docs.offerRelease, signedIn),
    async (request) => {
      const { ids } = parseInput(ReleaseMintOfferBodySchema, request.body, 'body');
      return { success: true, payload: await releaseMintOffer(deps, session(request), ids) };
    },
  );

  app.post(
    '/api/launchpad/offer/submit',
    documented(docs.offerSubmit, signedIn),
    async (request) => {
      const body = parseInput(SubmitMintOfferBodySchema, request.body, 'body');
      return { success: true, payload: await submitMintOffer(deps, session(request), body) };
    },
  );
}
