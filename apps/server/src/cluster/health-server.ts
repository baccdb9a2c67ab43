import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ChainSource } from '../chain/sources/chain-source.ts';
import type { RunMode } from './cluster.ts';
import { registerErrorHandling } from '../http/error-handler.ts';

/**
 * What an `indexer` or `worker` process serves (ADR 022): its health only, for the supervisor
 * and the load balancer's checks; the API is the `api` processes'. `leads` says whether this
 * process holds the lease its mode competes for (the active indexer).
 */
export async function startHealthServer(opts: {
  mode: RunMode;
  port: number;
  host: string;
  log: FastifyBaseLogger;
  source: ChainSource;
  leads: () => boolean;
}): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: opts.log });
  registerErrorHandling(app);
  app.get('/api/health', async () => ({
    success: true,
    payload: {
      mode: opts.mode,
      leads: opts.leads(),
      blockHeight: await opts.source.tipHeight(),
    },
  }));
  await app.listen({ port: opts.port, host: opts.host });
  return app;
}
