import { CollectionPayloadSchema, type CollectionPayload } from '@om/core';
import { collectionQueries } from './collections.queries.ts';

// The collection detail the server inlined in index.html (apps/server's http/web-static-head.ts,
// product.md#scale-and-delivery): the page renders its header and banner without waiting for the
// read. It is the payload of GET /api/collections/:slug as that route answers it, parsed by the
// same schema.

/** The element's id (the server's COLLECTION_SEED_ID). */
export const COLLECTION_SEED_ID = 'collection-detail';

export interface CollectionSeed {
  payload: CollectionPayload;
  /** When the server read it: the query goes stale from then, as if fetched at that time. */
  updatedAt: number;
}

/**
 * The inlined detail of `slug`, once: the element is removed, so a later visit (the query gone
 * from the cache) reads the API instead of old data. Undefined when there is none, it is for
 * another collection, or it does not parse.
 */
export function takeCollectionSeed(
  slug: string,
  doc: Document = document,
): CollectionSeed | undefined {
  const element = doc.getElementById(COLLECTION_SEED_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const seed = JSON.parse(element.textContent ?? '') as {
      slug?: unknown;
      readAt?: unknown;
      payload?: unknown;
    };
    if (seed.slug !== slug || typeof seed.readAt !== 'number') return undefined;
    const payload = CollectionPayloadSchema.safeParse(seed.payload);
    // A clock ahead of the browser's must not make the seed look fresher than it is.
    return payload.success
      ? { payload: payload.data, updatedAt: Math.min(seed.readAt, Date.now()) }
      : undefined;
  } catch {
    return undefined; // not JSON: the page reads the API as without a seed
  }
}

/**
 * collectionQueries.detail(slug), seeded from the inlined detail when the query is first made:
 * with the server's read time, so it refetches on the usual staleness rules.
 */
export function seededDetailQuery(slug: string, doc?: Document) {
  let seed: CollectionSeed | undefined;
  let isTaken = false;
  const take = () => {
    if (!isTaken) [seed, isTaken] = [takeCollectionSeed(slug, doc), true];
    return seed;
  };
  return {
    ...collectionQueries.detail(slug),
    initialData: () => take()?.payload,
    initialDataUpdatedAt: () => take()?.updatedAt,
  };
}
