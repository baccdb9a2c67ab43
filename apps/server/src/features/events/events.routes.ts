import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { EventStreams } from './event-streams.ts';
import type { MarketEvents } from './market-events.ts';

const EventsQuerySchema = z.object({
  /**
   * Only the trades of these orders (product.md#market-calls: trade_history updates filtered by
   * order ids).
   */
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
  /** Notification events of this wallet address (ADR 018): they name the address, nothing more. */
  address: z.string().trim().min(1).max(100, 'address is too long').optional(),
});

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  stream: {
    summary: 'Live events: blocks, mempool, trades, BRC-20, notifications',
    description:
      'A server-sent events stream, capped per client and in all, ending after EVENT_STREAM_LIFETIME_SECONDS; `retry:` makes EventSource reconnect.',
    query: EventsQuerySchema,
    answer: 'event-stream',
  },
} satisfies Record<string, RouteDocs>;

/**
 * GET /api/shared/events: a server-sent events stream of indexed blocks (with the inscriptions they
 * created or moved), BRC-20 passes (`brc20`, once that height's token rows are readable), transactions entering the mempool, trades and listings, so pages update
 * without a reload. `?orderIds=a,b` narrows the trade events to those orders; `?address=` adds
 * that address's notification events. Streams are capped
 * per client address and per process and last EVENT_STREAM_LIFETIME_SECONDS; `retry:` has the
 * browser's EventSource reconnect.
 */
export function eventsRoutes(
  app: FastifyInstance,
  { chain, env }: AppDeps,
  market: MarketEvents,
): void {
  const streams = new EventStreams(chain.events, market, {
    perClient: env.EVENT_STREAMS_PER_CLIENT,
    total: env.EVENT_STREAMS_MAX,
    lifetimeMs: env.EVENT_STREAM_LIFETIME_SECONDS * 1000,
  });
  app.addHook('onClose', () => streams.stop());
  app.get('/api/shared/events', documented(docs.stream), (request, reply) => {
    const { orderIds, address } = parseInput(EventsQuerySchema, request.query, 'query');
    streams.admit(request.ip);
    reply.hijack();
    streams.open(request.ip, reply.raw, { orderIds, address });
  });
}
