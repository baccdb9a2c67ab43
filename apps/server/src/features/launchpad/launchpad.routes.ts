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
} from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../auth/auth-token.ts';
import { createEdition } from './edition-create.service.ts';
import { abandonLaunch, myLaunches } from './launch-abandon.service.ts';
import { unavailableItems } from './launch-availability.ts';
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

/**
 * The pre-inscribed launch (spec 000 §7, spec 001 §7 "Launch mint and offers"; issue 6, ADR 010).
 * Creating and minting need sign-in; signing batches is authorized by the signatures themselves.
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

  app.post('/api/launchpad/create', signedIn, async (request) => {
    const body = parseInput(createSchema, request.body, 'body');
    const payload = await createLaunch(deps, session(request), body);
    worker.wake();
    return { success: true, payload };
  });

  app.post('/api/launchpad/editions/create', signedIn, async (request) => {
    const body = parseInput(editionSchema, request.body, 'body');
    return { success: true, payload: await createEdition(deps, session(request), body) };
  });

  app.post('/api/collection/onboard', signedIn, async (request) => {
    const body = parseInput(onboardSchema, request.body, 'body');
    return { success: true, payload: await onboardCollection(deps, session(request), body) };
  });

  app.get('/api/launchpad/info/:id', async (request) => {
    const { id } = parseInput(IdParamSchema, request.params, 'params');
    return { success: true, payload: await getLaunchInfo(deps, id) };
  });

  // Issue 17: the creator's launches with their state (resume what is unsigned, or abandon it).
  app.get(
    '/api/launchpad/mine',
    { preHandler: requireSession(deps.jwtSecret) },
    async (request) => ({
      success: true,
      payload: await myLaunches(deps, session(request)),
    }),
  );

  app.post('/api/launchpad/abandon/:id', signedIn, async (request) => {
    const { id } = parseInput(IdParamSchema, request.params, 'params');
    return { success: true, payload: await abandonLaunch(deps, session(request), id) };
  });

  app.get('/api/launchpad/get-psbt/:id', async (request) => {
    const { id } = parseInput(IdParamSchema, request.params, 'params');
    return { success: true, payload: await getLaunchPsbt(deps, id) };
  });

  app.put('/api/launchpad/confirm/:id', write, async (request) => {
    const { id } = parseInput(IdParamSchema, request.params, 'params');
    const body = parseInput(ConfirmLaunchPsbtBodySchema, request.body, 'body');
    return { success: true, payload: await confirmLaunchPsbt(deps, id, body.signedPsbt) };
  });

  app.get('/api/launchpad/by-slug/:slug', async (request) => {
    const { slug } = parseInput(SlugParamSchema, request.params, 'params');
    return { success: true, payload: await getPublicLaunch(deps, slug) };
  });

  app.get('/api/launchpad/featured', async () => ({
    success: true,
    payload: await getFeaturedLaunches(deps),
  }));

  // The /launches page (issue 21 item 4): every listed launch by status tab and type, paged.
  app.get('/api/launchpad/launches', async (request) => {
    const query = parseInput(LaunchesQuerySchema, request.query, 'query');
    return { success: true, payload: await listLaunches(deps, query) };
  });

  app.get('/api/launchpad/check-slug/:slug', async (request) => {
    const { slug } = parseInput(SlugParamSchema, request.params, 'params');
    return { success: true, payload: { taken: await isSlugTaken(deps.db.kysely, slug) } };
  });

  app.get('/api/launchpad/check-name', async (request) => {
    const { name } = parseInput(NameQuerySchema, request.query, 'query');
    return { success: true, payload: { taken: await isCollectionNameTaken(deps, name) } };
  });

  app.get('/api/launchpad/get-allocation/:launchpadId/:address', async (request) => {
    const { launchpadId, address } = parseInput(AllocationParamSchema, request.params, 'params');
    const { paymentAddress } = parseInput(AllocationQuerySchema, request.query, 'query');
    const wallet = { address, paymentAddress };
    return { success: true, payload: await getAllocation(deps, launchpadId, wallet) };
  });

  // Minting needs sign-in (issue 13 findings 1 and 3): the allowance is the proven wallet's.
  // The wizard's inscriptions step (issue 21 items 1 and 12): what creating would refuse, said
  // while the list is checked rather than at the last step.
  app.post('/api/launchpad/check-inscriptions', async (request) => {
    const { ids } = parseInput(CheckInscriptionsBodySchema, request.body, 'body');
    const unavailable = (await unavailableItems(deps.db.kysely, ids)).map(
      ({ inscriptionId, message }) => ({
        inscriptionId,
        message,
      }),
    );
    return { success: true, payload: { unavailable } };
  });

  app.post('/api/launchpad/offer/create', signedIn, async (request) => {
    const body = parseInput(CreateMintOfferBodySchema, request.body, 'body');
    return {
      success: true,
      payload: await createMintOffer(deps, session(request), body, request.ip),
    };
  });

  app.post('/api/launchpad/offer/release', signedIn, async (request) => {
    const { ids } = parseInput(ReleaseMintOfferBodySchema, request.body, 'body');
    return { success: true, payload: await releaseMintOffer(deps, session(request), ids) };
  });

  app.post('/api/launchpad/offer/submit', signedIn, async (request) => {
    const body = parseInput(SubmitMintOfferBodySchema, request.body, 'body');
    return { success: true, payload: await submitMintOffer(deps, session(request), body) };
  });
}
