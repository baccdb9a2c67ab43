import type { CollectionInscriptionsQuery } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import { notFound } from '../../http/app-error.ts';
import { collectionInscriptions, pageVersion } from './collections.queries.ts';
import type { PageCache } from './page-cache.ts';

/** A slug no collection has, or one under review: every collection read answers this 404. */
export const unknownCollection = (slug: string) => notFound(`Collection ${slug} not found.`);

/**
 * GET /api/collections/{slug}/inscriptions as the JSON to send: from this process's cache when
 * the collection's page version has not moved since the page was computed (one primary-key read),
 * else from get_inscriptions_with_price_by_collection_slug. The version is read first, so a page
 * stored under it is never older than it.
 */
export async function inscriptionsPageJson(
  db: Db,
  cache: PageCache,
  slug: string,
  query: CollectionInscriptionsQuery,
): Promise<string> {
  // The parsed query, defaults filled in: one key per distinct page (prices are bigints).
  const key = `${slug}\n${JSON.stringify(query, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}` : v))}`;
  const version = cache.isEnabled ? await pageVersion(db, slug) : undefined;
  const cached = version === undefined ? undefined : cache.get(key, version);
  if (cached !== undefined) return cached;
  const payload = await collectionInscriptions(db, slug, query);
  if (!payload) throw unknownCollection(slug);
  const body = JSON.stringify({ success: true, payload });
  if (version !== undefined) cache.set(key, version, body);
  return body;
}
