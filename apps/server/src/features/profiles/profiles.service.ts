import {
  ARTISTS_PAGE_SIZE,
  ARTWORK_PAGE_SIZE,
  USERNAME_TAKEN,
  type ArtistsPage,
  type ArtworkPage,
  type Profile,
  type ProfileBatch,
  type ProfileUpdate,
  type AuthVerifyBody,
} from '@om/core';
import { verifyMessageSignature } from '@om/bitcoin';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/create-db.ts';
import { isUniqueViolation } from '../../db/sql-error.ts';
import { checkKeyOfAddress } from '../../http/address-input.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { consumeChallenge } from '../auth/auth.queries.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import {
  findArtist,
  findArtists,
  findArtwork,
  findProfilesByAddress,
  linkAddress,
  upsertProfile,
} from './profiles.queries.ts';

const NO_PROFILE = { username: null, name: null, isArtist: false };

/** Anyone's profile by address; an address without one answers nulls, not a 404. */
export async function getProfile(db: Db, address: string): Promise<Profile> {
  const found = await findProfilesByAddress(db, [address]);
  return { address, ...(found.get(address) ?? NO_PROFILE) };
}

/** The signed-in user's own profile: the session's user, whatever the body says. */
export async function updateProfile(
  db: Db,
  session: SessionClaims,
  update: ProfileUpdate,
): Promise<Profile> {
  try {
    return { address: session.address, ...(await upsertProfile(db, session.userId, update)) };
  } catch (err) {
    // The unique index on lower(username) decides, so two users racing for a name get one 409.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', USERNAME_TAKEN);
    throw err;
  }
}

/**
 * Shows the profile at another address of the wallet: its ordinals address, where its inscriptions
 * are, when it signed in with its payment address. The address proves control as at sign-in, by
 * signing a fresh single-use challenge (POST /api/auth/challenge), so a copied signature links
 * nothing and nobody can put their name on someone else's address.
 */
export async function linkProfileAddress(
  deps: Pick<AppDeps, 'db' | 'env'>,
  session: SessionClaims,
  proof: AuthVerifyBody,
): Promise<Profile> {
  const network = deps.env.BITCOIN_NETWORK;
  checkKeyOfAddress(
    proof.publicKey,
    proof.address,
    { key: 'publicKey', address: 'address' },
    network,
  );
  const challenge = await consumeChallenge(
    deps.db,
    proof.address,
    (message) =>
      verifyMessageSignature({
        message,
        address: proof.address,
        signature: proof.signature,
        network,
        publicKey: proof.publicKey,
      }).ok,
  );
  if (challenge === 'none') {
    throw new AppError(
      'UNAUTHENTICATED',
      'No valid challenge for this address: request a new one.',
    );
  }
  if (challenge === 'bad-signature') {
    throw new AppError(
      'UNAUTHENTICATED',
      'The signature does not match the challenge for this address.',
    );
  }
  await linkAddress(deps.db, proof.address, session.userId);
  return getProfile(deps.db, proof.address);
}

export async function lookupProfiles(db: Db, addresses: readonly string[]): Promise<ProfileBatch> {
  const found = await findProfilesByAddress(db, [...new Set(addresses)]);
  return Object.fromEntries(found);
}

/** Page n of a list read with one extra row: the extra row only says there is a next page. */
function paged<T>(rows: T[], size: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, size), hasMore: rows.length > size };
}

export async function listArtists(db: Db, page: number): Promise<ArtistsPage> {
  const rows = await findArtists(db, ARTISTS_PAGE_SIZE + 1, (page - 1) * ARTISTS_PAGE_SIZE);
  const { items, hasMore } = paged(rows, ARTISTS_PAGE_SIZE);
  return { artists: items, page, hasMore };
}

export async function listArtwork(db: Db, username: string, page: number): Promise<ArtworkPage> {
  const artist = await findArtist(db, username);
  if (!artist) throw notFound(`No artist is named ${username}.`);
  const rows = await findArtwork(
    db,
    artist.userId,
    ARTWORK_PAGE_SIZE + 1,
    (page - 1) * ARTWORK_PAGE_SIZE,
  );
  const { items, hasMore } = paged(rows, ARTWORK_PAGE_SIZE);
  const { userId: _userId, ...publicArtist } = artist;
  return { artist: publicArtist, artwork: items, page, hasMore };
}
