import { verifyMessageSignature } from '@om/bitcoin';
import {
  inscriptionInCollection,
  inscriptionNotHeldBy,
  LAUNCHPAD_SLUG_TAKEN,
  onboardProofMessage,
  type onboardCollectionBodySchema,
} from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { checkAddress } from '../../http/address-input.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { newCollectionInfo } from './collection-info.ts';
import { collectedInscriptions, indexedInscriptions } from './launch-availability.queries.ts';
import { checkOwnIcon } from './launch-icon.ts';
import { insertOnboardedCollection, isSlugTaken } from './launchpad.queries.ts';

// POST /api/collection/onboard (product.md#wizard-screens "Submit a live collection",
// product.md#creator-calls): a collection of inscriptions already out in the world, submitted for
// review (is_under_review, not tradable until a reviewer lets it). Every inscription must be known
// to the indexer, in no other collection, and held by the wallet that onboards it
// (product.md#walk-through-fixes item 2): the signed-in address, or the ordinals address that
// signed onboardProofMessage. The icon must be ours (item 3).

type OnboardBody = z.output<ReturnType<typeof onboardCollectionBodySchema>>;

/** Inscriptions located at once: the chain source answers each alone. */
const LOCATE_CONCURRENCY = 16;

export async function onboardCollection(
  deps: Pick<AppDeps, 'chain' | 'db' | 'env'>,
  session: SessionClaims,
  body: OnboardBody,
): Promise<{ slug: string; status: 'under_review'; inscriptions: number }> {
  const { meta, data } = body;
  checkOwnIcon(deps, meta.icon, 'meta.icon');
  if (meta.banner) checkOwnIcon(deps, meta.banner, 'meta.banner');
  const holders = holdersOf(deps, session, body);
  if (await isSlugTaken(deps.db.kysely, meta.slug)) {
    throw new AppError('CONFLICT', LAUNCHPAD_SLUG_TAKEN);
  }
  const ids = data.map((entry) => entry.id);
  const isKnown = await indexedInscriptions(deps.db.kysely, ids);
  const unknown = ids.findIndex((id) => !isKnown.has(id));
  if (unknown >= 0) {
    throw invalidInput(
      `data.${unknown}.id: inscription ${ids[unknown]} is not known (yet)`,
      `data.${unknown}.id`,
    );
  }
  const taken = await collectedInscriptions(deps.db.kysely, ids);
  const elsewhere = ids.findIndex((id) => taken.has(id));
  if (elsewhere >= 0) {
    const id = ids[elsewhere] ?? '';
    const message = `data.${elsewhere}.id: ${inscriptionInCollection(id, taken.get(id) ?? '')}`;
    throw new AppError('CONFLICT', message);
  }
  for (let start = 0; start < ids.length; start += LOCATE_CONCURRENCY) {
    const slice = ids.slice(start, start + LOCATE_CONCURRENCY);
    const located = await Promise.all(slice.map((id) => deps.chain.source.inscriptionLocation(id)));
    const stranger = located.findIndex((at) => !at?.address || !holders.has(at.address));
    if (stranger >= 0) {
      const field = `data.${start + stranger}.id`;
      throw invalidInput(`${field}: ${inscriptionNotHeldBy(slice[stranger] ?? '')}`, field);
    }
  }
  await insertOnboardedCollection(deps.db, {
    slug: meta.slug,
    collection: newCollectionInfo(meta),
    entries: data,
    creatorUserId: session.userId,
  });
  return { slug: meta.slug, status: 'under_review', inscriptions: ids.length };
}

/**
 * The addresses whose items this wallet may onboard: the signed-in one, and ordinalsAddress when
 * it signed onboardProofMessage for this slug and this session (a 400 naming the field if not).
 */
function holdersOf(
  deps: Pick<AppDeps, 'env'>,
  session: SessionClaims,
  body: OnboardBody,
): Set<string> {
  const holders = new Set([session.address]);
  const { ordinalsAddress, ordinalsSignature } = body;
  if (!ordinalsAddress || ordinalsAddress === session.address) return holders;
  const network = deps.env.BITCOIN_NETWORK;
  checkAddress(ordinalsAddress, 'ordinalsAddress', network);
  const message = onboardProofMessage({
    slug: body.meta.slug,
    ordinalsAddress,
    paymentAddress: session.address,
  });
  const verified = verifyMessageSignature({
    message,
    address: ordinalsAddress,
    signature: ordinalsSignature ?? '',
    network,
  });
  if (!verified.ok) {
    throw invalidInput(
      `ordinalsSignature: not a signature of the onboarding message by ${ordinalsAddress}`,
      'ordinalsSignature',
    );
  }
  holders.add(ordinalsAddress);
  return holders;
}
