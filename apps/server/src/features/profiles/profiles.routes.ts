import {
  AuthVerifyBodySchema,
  ProfileBatchBodySchema,
  ProfilesPageQuerySchema,
  ProfileUpdateSchema,
  UsernameParamSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { checkAddress, parseAddressParam } from '../../http/address-input.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../auth/auth-token.ts';
import {
  getProfile,
  linkProfileAddress,
  listArtists,
  listArtwork,
  lookupProfiles,
  updateProfile,
} from './profiles.service.ts';

/** Profiles and artists (issue 17; spec 001 §3 Profile, spec 000 §6, spec 001 §9 limits). */
export function profilesRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object) {
  const { env, db, jwtSecret } = deps;
  const network = env.BITCOIN_NETWORK;
  const signedInWrite = { config: writeLimit, preHandler: requireSession(jwtSecret) };

  app.get('/api/profiles/:address', async (request) => {
    const address = parseAddressParam(request.params, network);
    return { success: true, payload: await getProfile(db, address) };
  });

  app.put('/api/profile', signedInWrite, async (request) => {
    const update = parseInput(ProfileUpdateSchema, request.body, 'body');
    const session = request.session as SessionClaims;
    return { success: true, payload: await updateProfile(db, session, update) };
  });

  // Another address of the signed-in wallet, proved by signing its own sign-in challenge.
  app.post('/api/profile/addresses', signedInWrite, async (request) => {
    const proof = parseInput(AuthVerifyBodySchema, request.body, 'body');
    const session = request.session as SessionClaims;
    return { success: true, payload: await linkProfileAddress(deps, session, proof) };
  });

  app.post('/api/profiles/batch', async (request) => {
    const { addresses } = parseInput(ProfileBatchBodySchema, request.body, 'body');
    addresses.forEach((address, i) => checkAddress(address, `addresses.${i}`, network));
    return { success: true, payload: { profiles: await lookupProfiles(db, addresses) } };
  });

  app.get('/api/artists', async (request) => {
    const { page } = parseInput(ProfilesPageQuerySchema, request.query, 'query');
    return { success: true, payload: await listArtists(db, page) };
  });

  app.get('/api/artists/:username/artwork', async (request) => {
    const { username } = parseInput(UsernameParamSchema, request.params, 'params');
    const { page } = parseInput(ProfilesPageQuerySchema, request.query, 'query');
    return { success: true, payload: await listArtwork(db, username, page) };
  });
}
