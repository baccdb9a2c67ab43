import { EventEmitter } from 'node:events';
import {
  ListingEventSchema,
  NotificationEventSchema,
  TradeEventSchema,
  type ListingEvent,
  type NotificationEvent,
  type TradeEvent,
} from '@om/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/create-db.ts';

/**
 * Trade and listing changes and notifications, heard from PostgreSQL (the triggers of
 * db/functions/notify_*.sql and notifications_notify.sql): every process LISTENs, so a purchase
 * submitted to one server process reaches the pages served by another.
 */
export class MarketEvents extends EventEmitter<{
  trade: [TradeEvent];
  listing: [ListingEvent];
  notification: [NotificationEvent];
  /** A reward pool's totals or draw changed (pools.queries.ts publishPool). */
  pool: [{ id: string }];
}> {}

/** The channel the triggers notify: per schema, so isolated test schemas never cross. */
export const marketChannel = (schema: string) => `market_${schema}`;

export async function listenToMarket(
  db: Db,
  log: FastifyBaseLogger,
): Promise<{ events: MarketEvents; stop: () => Promise<void> }> {
  const events = new MarketEvents();
  const stop = await db.listen(marketChannel(db.schema), (payload) => {
    const event = parseMarketEvent(payload);
    if (!event) return log.warn({ payload }, 'unreadable market notification');
    if (event.kind === 'trade') events.emit('trade', event.data);
    else if (event.kind === 'listing') events.emit('listing', event.data);
    else if (event.kind === 'pool') events.emit('pool', event.data);
    else events.emit('notification', event.data);
  });
  return { events, stop };
}

type ParsedEvent =
  | { kind: 'trade'; data: TradeEvent }
  | { kind: 'listing'; data: ListingEvent }
  | { kind: 'notification'; data: NotificationEvent }
  | { kind: 'pool'; data: { id: string } };

function parseMarketEvent(payload: string): ParsedEvent | undefined {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const kind = (json as { kind?: unknown } | null)?.kind;
  if (kind === 'trade') {
    const parsed = TradeEventSchema.safeParse(json);
    return parsed.success ? { kind, data: parsed.data } : undefined;
  }
  if (kind === 'listing') {
    const parsed = ListingEventSchema.safeParse(json);
    return parsed.success ? { kind, data: parsed.data } : undefined;
  }
  if (kind === 'pool') {
    const id = (json as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'string' ? { kind, data: { id } } : undefined;
  }
  if (kind === 'notification') {
    const parsed = NotificationEventSchema.safeParse(json);
    return parsed.success ? { kind, data: { address: parsed.data.address } } : undefined;
  }
  return undefined;
}
