import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../apps/server/src/app-deps.ts';
import { buildApp } from '../../../apps/server/src/app.ts';

/**
 * The whole API in this process (its launch worker and trade tracker included) on a free port,
 * counting the mint requests it is serving at once: proof that the minters really are concurrent.
 */
export async function startServer(deps: AppDeps): Promise<{
  origin: string;
  maxMintRequestsInFlight: () => number;
  stop: () => Promise<void>;
}> {
  const app: FastifyInstance = await buildApp(deps);
  let inFlight = 0;
  let max = 0;
  const isMint = (url: string) => url.startsWith('/api/launchpad/offer/');
  app.addHook('onRequest', async (request) => {
    if (!isMint(request.url)) return;
    inFlight += 1;
    max = Math.max(max, inFlight);
  });
  app.addHook('onResponse', async (request) => {
    if (isMint(request.url)) inFlight -= 1;
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return { origin, maxMintRequestsInFlight: () => max, stop: () => app.close() };
}
