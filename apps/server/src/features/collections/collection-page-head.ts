import type { CollectionPayload } from '@om/core';
import type { Db } from '../../db/create-db.ts';
import { collectionHeadHtml } from '../../http/web-static-head.ts';
import { findCollection } from './collections.queries.ts';

// The extra head of index.html for /collections/:slug (product.md#scale-and-delivery, LCP; see
// http/web-static-head.ts): read through the same findCollection as GET /api/collections/:slug, so
// what the page is seeded with is exactly that route's answer. Public data only: nothing here
// depends on the session.

/** Tags for a page's head, or '' (nothing to add, or the lookup was too slow or failed). */
export type PageHead = (pathname: string) => Promise<string>;

export interface PageHeadOptions {
  /** How long index.html may wait for a read that is not cached: past it, none is added. */
  timeoutMs?: number;
  /** How long a read is served as is; an older one is still served, and read again behind it. */
  freshMs?: number;
  /** Reads older than this are not served at all. */
  maxAgeMs?: number;
  now?: () => number;
}

type Read = { payload: CollectionPayload | undefined; readAt: number };

const MAX_ENTRIES = 1_000;

/**
 * `find` (findCollection) behind a small cache, for the page head of a collection. A read older
 * than `freshMs` is served with its own read time, so the web app's query is stale at once and
 * refetches as it would without the seed, while a new read is made for the next page.
 */
export function collectionPageHead(
  find: (slug: string) => Promise<CollectionPayload | undefined>,
  contentOrigin: string,
  { timeoutMs = 150, freshMs = 5_000, maxAgeMs = 60_000, now = Date.now }: PageHeadOptions = {},
): PageHead {
  const reads = new Map<string, Read>();
  const pending = new Map<string, Promise<Read>>();
  const readAgain = (slug: string): Promise<Read> => {
    let read = pending.get(slug);
    if (!read) {
      read = find(slug)
        .then((payload) => {
          if (reads.size >= MAX_ENTRIES) reads.clear();
          const entry = { payload, readAt: now() };
          reads.set(slug, entry);
          return entry;
        })
        .finally(() => pending.delete(slug));
      pending.set(slug, read);
    }
    return read;
  };
  return async (pathname) => {
    const slug = slugOf(pathname);
    if (slug === undefined) return '';
    try {
      let read = reads.get(slug);
      if (read && now() - read.readAt > maxAgeMs) read = undefined;
      if (!read || now() - read.readAt > freshMs) {
        const next = readAgain(slug);
        next.catch(() => undefined); // a failed read leaves the head without it, nothing more
        read ??= await withTimeout(next, timeoutMs);
      }
      if (!read?.payload) return '';
      return collectionHeadHtml(
        { slug, payload: read.payload, readAt: read.readAt },
        contentOrigin,
      );
    } catch {
      return ''; // a slow or failing read must not delay or break the page: the app reads it itself
    }
  };
}

/** For the web app's server: the page head of a collection page, read from `db`. */
export function collectionPageHeadFor(db: Db, contentOrigin: string): PageHead {
  return collectionPageHead((slug) => findCollection(db, slug), contentOrigin);
}

/** The slug of /collections/:slug (decoded as React Router decodes it), else undefined. */
export function slugOf(pathname: string): string | undefined {
  const match = /^\/collections\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
