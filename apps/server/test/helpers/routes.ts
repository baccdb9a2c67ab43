import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route the app registered (HEAD left out), read from Fastify's own route tree, so a test
 * over "every route" also covers the ones added after it was written.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = url;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

/** The route's URL with each `:param` (and a trailing `*`) replaced by `value`. */
export function fillParams(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);
}
