import { z } from 'zod';

/**
 * What a route tells the API reference (ADR 021): the same zod schemas its handler parses with,
 * so the document can never describe a second, drifting copy. Declared next to the route with
 * `documented(...)`, read back by the OpenAPI generator from Fastify's route `config`.
 */
export interface RouteDocs {
  summary: string;
  /** Longer prose: the flow a call belongs to, what a refusal means. */
  description?: string;
  /** Defaults to the path's first segment after /api (collections, launchpad, ...). */
  tag?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The JSON body's schema; 'none' for a write that reads no body, 'multipart' for an upload. */
  body?: z.ZodType | 'none' | 'multipart';
  /** What `payload` holds on success; absent, the payload is documented loosely. */
  payload?: z.ZodType;
  /** A read third parties may build on: its shape only grows (x-stability: stable). */
  isStable?: boolean;
  /**
   * The answer's shape: our envelope (default), a bare JSON object (refusals in the envelope),
   * the object with OrdinalsBot's `{ status, error }` refusals, DotSwap's `{ code, msg, data }`,
   * an HTML page or an SSE stream.
   */
  answer?: 'envelope' | 'json' | 'ordinalsbot' | 'dotswap' | 'html' | 'event-stream';
}

/** A route as Fastify registered it, with its docs and what its options say about access. */
export interface DocumentedRoute {
  method: string;
  url: string;
  docs: RouteDocs;
  /** The route has a preHandler: every one of ours is requireSession, alone or first. */
  isSignedIn: boolean;
  /** Its @fastify/rate-limit setting; `isPerClient` false when keyed on something else. */
  rateLimit?: { max: number; isPerClient: boolean };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

/** Route options with `docs` added to their config, e.g. `documented({ summary }, signedIn)`. */
export function documented<O extends object = object>(
  docs: RouteDocs,
  options?: O,
): O & { config: { docs: RouteDocs } } {
  const config = (options as { config?: object } | undefined)?.config;
  return { ...(options as O), config: { ...config, docs } };
}

/**
 * Path parameters a handler reads and checks itself (a ticker, a pool id), described for the
 * reference as the strings they are; routes that parse with a schema document that schema.
 */
export function textParams<const K extends string>(...names: K[]) {
  return z.object(
    Object.fromEntries(names.map((name) => [name, z.string()])) as Record<K, z.ZodString>,
  );
}
