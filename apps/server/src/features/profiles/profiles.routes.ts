import {
  AuthVerifyBodySchema,
  ProfileBatchBodySchema,
  ProfilesPageQuerySchema,
  ProfileUpdateSchema,
  UsernameParamSchema,
  AddressParamSchema,
  ProfileBatchPayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { checkAddress, parseAddressParam } from '../../http/address-input.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import {
  getProfile,
  linkProfileAddress,
  listArtists,
  listArtwork,
  lookupProfiles,
  updateProfile,
} from './profiles.service.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  one: { summary: "A wallet's public profile", params: AddressParamSchema },
  update: { summary: 'Update the signed-in profile', body: ProfileUpdateSchema },
  addresses: {
    summary: 'Link another address by its signed challenge',
    body: AuthVerifyBodySchema,
  },
  batch: {
    summary: 'Profiles of many addresses',
    body: ProfileBatchBodySchema,
    payload: ProfileBatchPayloadSchema,
  },
  artists: { summary: 'Artists, paged', query: ProfilesPageQuerySchema },
  artistsArtwork: {
    summary: "An artist's artwork, paged",
    params: UsernameParamSchema,
    query: ProfilesPageQuerySchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * Profiles and artists (product.md#profiles-and-artists; product.md#records Profile,
 * product.md#roles, #constants-and-limits limits).
 */
export function profilesRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object) {
  const { env, db, jwtSecret } = deps;
  const network = env.BITCOIN_NETWORK;
  const signedInWrite = { config: writeLimit, preHandler: requireSession(jwtSecret) };

  app.get('/api/profiles/:address', documented(docs.one), async (request) => {
    const address = parseAddressParam(request.params, network);
    return { success: true, payload: await getProfile(db, address) };
  });

  app.put('/api/profile', documented(docs.update, signedInWrite), async (request) => {
    const update = parseInput(ProfileUpdateSchema, request.body, 'body');
    const session = request.session as SessionClaims;
    return { success: true, payload: await updateProfile(db, session, update) };
  });

  // Another address of the signed-in wallet, proved by signing its own sign-in challenge.
  app.post('/api/profile/addresses', documented(docs.addresses, signedInWrite), async (request) => {
    const proof = parseInput(AuthVerifyBodySchema, request.body, 'body');
    const session = request.session as SessionClaims;
    return { success: true, payload: await linkProfileAddress(deps, session, proof) };
  });

  app.post('/api/profiles/batch', documented(docs.batch), async (request) => {
    const { addresses } = parseInput(ProfileBatchBodySchema, request.body, 'body');
    addresses.forEach((address, i) => checkAddress(address, `addresses.${i}`, network));
    return { success: true, payload: { profiles: await lookupProfiles(db, addresses) } };
  });

  app.get('/api/artists', documented(docs.artists), async (request) => {
    const { page } = parseInput(ProfilesPageQuerySchema, request.query, 'query');
    return { success: true, payload: await listArtists(db, page) };
  });

  app.get('/api/artists/:username/artwork', documented(docs.artistsArtwork), async (request) => {
    const { username } = parseInput(UsernameParamSchema, request.params, 'params');
    const { page } = parseInput(ProfilesPageQuerySchema, request.query, 'query');
    return { success: true, payload: await listArtwork(db, username, page) };
  });
}
