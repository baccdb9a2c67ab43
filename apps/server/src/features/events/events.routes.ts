import type { ListingEvent, TradeEvent } from '@om/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { parseInput } from '../../http/validate.ts';
import type { BlockIndexedEvent } from '../../indexer/chain-events.ts';
import type { MarketEvents } from './market-events.ts';

/** Comments keep proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;

const EventsQuerySchema = z.object({
  /** Only the trades of these orders (spec 001 §7: trade_history updates filtered by order ids). */
  orderIds: z
    .string()
    .trim()
    .max(4_000, 'orderIds is too long')
    .transform(
      (s) =>
        new Set(
          s
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
    )
    .optional(),
});

/**
 * GET /api/shared/events: a server-sent events stream of indexed blocks (with the inscriptions they
 * created or moved), transactions entering the mempool, trades and listings, so pages update
 * without a reload. `?orderIds=a,b` narrows the trade events to those orders.
 */
export function eventsRoutes(app: FastifyInstance, { chain }: AppDeps, market: MarketEvents): void {
  app.get('/api/shared/events', (request, reply) => {
    const { orderIds } = parseInput(EventsQuerySchema, request.query, 'query');
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
    const onTrade = (e: TradeEvent) => {
      if (!orderIds || orderIds.has(e.orderId)) send('trade', e);
    };
    const onListing = (e: ListingEvent) => send('listing', e);
    chain.events.on('block', onBlock);
    chain.events.on('mempool', onMempool);
    market.on('trade', onTrade);
    market.on('listing', onListing);
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    send('ready', { ok: true });
    request.raw.on('close', () => {
      clearInterval(keepAlive);
      chain.events.off('block', onBlock);
      chain.events.off('mempool', onMempool);
      market.off('trade', onTrade);
      market.off('listing', onListing);
    });
  });
}
