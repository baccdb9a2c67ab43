import type { AppDeps } from '../../app-deps.ts';

// What a quote (swap_pools_info, the pool list) reads from the chain, the index and the orders
// in flight, shared for up to a second: the page polls every 7 s, many pages at once, and one user's page asks again
// as they type. Dropped at every block, BRC-20 pass and new mempool transaction, so a quote never
// shows what a block or a broadcast changed for longer than the follower takes to announce it
// (and never longer than QUOTE_VIEW_MS). Orders never use it: they read the chain themselves.

/** How long a quote may reuse a read. */
const QUOTE_VIEW_MS = 1_000;
/** Entries kept at most (one per pool and per address asking): emptied when full. */
const MAX_ENTRIES = 10_000;

type Entry = { at: number; value: Promise<unknown> };
const caches = new WeakMap<AppDeps['chain'], Map<string, Entry>>();

function cacheOf(chain: AppDeps['chain']): Map<string, Entry> {
  let cache = caches.get(chain);
  if (!cache) {
    const fresh = new Map<string, Entry>();
    const drop = () => fresh.clear();
    chain.events.on('block', drop);
    chain.events.on('brc20', drop);
    chain.events.on('mempool', drop);
    caches.set(chain, (cache = fresh));
  }
  return cache;
}

/**
 * Forgets every shared read at once: after this process wrote an order (a new live quote moves
 * the next quote's price) or the worker moved some. Another process's orders show within
 * QUOTE_VIEW_MS; orders never quote from here.
 */
export function dropQuoteViews(deps: Pick<AppDeps, 'chain'>): void {
  cacheOf(deps.chain).clear();
}

/** `read()`'s answer for `key`, shared with every quote asking within QUOTE_VIEW_MS. */
export function quoteRead<T>(
  deps: Pick<AppDeps, 'chain'>,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const cache = cacheOf(deps.chain);
  const known = cache.get(key);
  const now = Date.now();
  if (known && now - known.at <= QUOTE_VIEW_MS) return known.value as Promise<T>;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const value = read();
  const entry = { at: now, value };
  cache.set(key, entry);
  // A failed read is not kept (unless a newer one replaced it already).
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}
