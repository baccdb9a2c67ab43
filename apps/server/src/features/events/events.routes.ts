import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import type { BlockIndexedEvent } from '../../indexer/chain-events.ts';

/** Comments keep proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * GET /api/shared/events: a server-sent events stream of indexed blocks (with the inscriptions they
 * created or moved) and of transactions entering the mempool, so pages update without a reload.
 */
export function eventsRoutes(app: FastifyInstance, { chain }: AppDeps): void {
  app.get('/api/shared/events', (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const onBlock = (e: BlockIndexedEvent) => send('block', e);
    const onMempool = (e: { txids: string[] }) => send('mempool', e);
    chain.events.on('block', onBlock);
    chain.events.on('mempool', onMempool);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    send('ready', { ok: true });
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      chain.events.off('block', onBlock);
      chain.events.off('mempool', onMempool);
    });
  });
}
