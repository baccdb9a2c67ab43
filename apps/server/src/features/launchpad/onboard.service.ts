import type { onboardCollectionBodySchema } from '@om/core';
import { LAUNCHPAD_SLUG_TAKEN } from '@om/core';
import type { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { AppError, invalidInput } from '../../http/app-error.ts';
import type { SessionClaims } from '../auth/auth-token.ts';
import {
  insertOnboardedCollection,
  isSlugTaken,
  collectedInscriptions,
} from './launchpad.queries.ts';

// POST /api/collection/onboard (spec 000 §2 "Submit a live collection", §7): a collection of
// inscriptions already out in the world, submitted for review (is_under_review, not tradable until
// a reviewer lets it). Every inscription must be known to the indexer and in no other collection.

type OnboardBody = z.output<ReturnType<typeof onboardCollectionBodySchema>>;

export async function onboardCollection(
  deps: AppDeps,
  session: SessionClaims,
  body: OnboardBody,
): Promise<{ slug: string; status: 'under_review'; inscriptions: number }> {
  const { meta, data } = body;
  if (await isSlugTaken(deps.db.kysely, meta.slug)) {
    throw new AppError('CONFLICT', LAUNCHPAD_SLUG_TAKEN);
  }
  const ids = data.map((entry) => entry.id);
  const known = await deps.db.kysely
    .selectFrom('chain_inscriptions')
    .select('inscription_id')
    .where('inscription_id', 'in', ids)
    .execute();
  const isKnown = new Set(known.map((r) => r.inscription_id));
  const unknown = ids.findIndex((id) => !isKnown.has(id));
  if (unknown >= 0) {
    throw invalidInput(
      `data.${unknown}.id: inscription ${ids[unknown]} is not known (yet)`,
      `data.${unknown}.id`,
    );
  }
  const taken = await collectedInscriptions(deps.db, ids);
  const elsewhere = ids.findIndex((id) => taken.has(id));
  if (elsewhere >= 0) {
    const message = `data.${elsewhere}.id: inscription ${ids[elsewhere]} is already in the collection ${taken.get(ids[elsewhere] ?? '') ?? ''}`;
    throw new AppError('CONFLICT', message);
  }
  await insertOnboardedCollection(deps.db, { meta, entries: data, creatorUserId: session.userId });
  return { slug: meta.slug, status: 'under_review', inscriptions: ids.length };
}
