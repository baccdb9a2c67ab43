import type { ServerResponse } from 'node:http';
import type { ListingEvent, NotificationEvent, TradeEvent } from '@om/core';
import { AppError } from '../../http/app-error.ts';
import type {
  BlockIndexedEvent,
  Brc20IndexedEvent,
  ChainEvents,
} from '../../indexer/chain-events.ts';
import type { MarketEvents } from './market-events.ts';

/** Comments keep proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;
/** What `retry:` asks browsers to wait before they reconnect a stream we ended. */
const RECONNECT_AFTER_MS = 3_000;

export interface StreamLimits {
  perClient: number;
  total: number;
  lifetimeMs: number;
}

interface Stream {
  client: string;
  orderIds: Set<string> | undefined;
  /** The wallet address whose notification events this stream gets (ADR 018). */
  address: string | undefined;
  res: ServerResponse;
}

export interface StreamFilter {
  orderIds?: Set<string> | undefined;
  address?: string | undefined;
}

/**
 * Every open GET /api/shared/events stream of this process. The hub listens once to the chain's
 * and the market's events and writes each to the streams (a listener per stream made Node warn past
 * ten and grew with every tab); it refuses streams past the caps with a 429, and ends each stream
 * after `lifetimeMs` so a client that went away without closing cannot hold a slot for ever.
 */
export class EventStreams {
  private readonly streams = new Set<Stream>();
  private readonly perClient = new Map<string, number>();
  private readonly keepAlive: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    chain: ChainEvents,
    market: MarketEvents,
    private readonly limits: StreamLimits,
  ) {
    const onBlock = (e: BlockIndexedEvent) => this.broadcast('block', e);
    const onBrc20 = (e: Brc20IndexedEvent) => this.broadcast('brc20', e);
    const onMempool = (e: { txids: string[] }) => this.broadcast('mempool', e);
    const onTrade = (e: TradeEvent) => this.broadcast('trade', e, e.orderId);
    const onListing = (e: ListingEvent) => this.broadcast('listing', e);
    const onNotification = (e: NotificationEvent) => this.toAddress(e);
    const onPool = (e: { id: string }) => this.broadcast('pool', e);
    const onXp = (e: { height: number }) => this.broadcast('xp', e);
    chain.on('block', onBlock);
    chain.on('brc20', onBrc20);
    chain.on('xp', onXp);
    chain.on('mempool', onMempool);
    market.on('trade', onTrade);
    market.on('listing', onListing);
    market.on('notification', onNotification);
    market.on('pool', onPool);
    this.unsubscribe = () => {
      chain.off('block', onBlock);
      chain.off('brc20', onBrc20);
      chain.off('xp', onXp);
      chain.off('mempool', onMempool);
      market.off('trade', onTrade);
      market.off('listing', onListing);
      market.off('notification', onNotification);
      market.off('pool', onPool);
    };
    this.keepAlive = setInterval(() => {
      for (const s of this.streams) s.res.write(': keep-alive\n\n');
    }, KEEP_ALIVE_MS);
  }

  get size(): number {
    return this.streams.size;
  }

  /** Throws the 429 when this client, or the process, already has its share of streams. */
  admit(client: string): void {
    if ((this.perClient.get(client) ?? 0) >= this.limits.perClient) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many event streams from this client (at most ${this.limits.perClient}): close one and try again.`,
      );
    }
    if (this.streams.size >= this.limits.total) {
      throw new AppError('RATE_LIMITED', 'Too many event streams are open: try again in a minute.');
    }
  }

  /** Starts the stream on `res` (already admitted); it ends at its lifetime or when the client goes. */
  open(client: string, res: ServerResponse, filter: StreamFilter = {}): void {
    const stream: Stream = { client, orderIds: filter.orderIds, address: filter.address, res };
    this.streams.add(stream);
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
    write(res, 'ready', { ok: true });
    const lifetime = setTimeout(() => res.end(), this.limits.lifetimeMs);
    res.on('close', () => {
      clearTimeout(lifetime);
      this.close(stream);
    });
  }

  stop(): void {
    clearInterval(this.keepAlive);
    this.unsubscribe();
    for (const s of this.streams) s.res.end();
  }

  private close(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    const left = (this.perClient.get(stream.client) ?? 1) - 1;
    if (left > 0) this.perClient.set(stream.client, left);
    else this.perClient.delete(stream.client);
  }

  private broadcast(event: string, data: unknown, orderId?: string): void {
    for (const s of this.streams) {
      if (orderId !== undefined && s.orderIds && !s.orderIds.has(orderId)) continue;
      write(s.res, event, data);
    }
  }

  /** A notification event names only its address and goes only to that address's streams. */
  private toAddress(e: NotificationEvent): void {
    for (const s of this.streams) if (s.address === e.address) write(s.res, 'notification', e);
  }
}

function write(res: ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}
