import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAIN_EVENTS_PATH, subscribeServerEvents } from './use-chain-events.ts';

/** The browser's EventSource as far as the page uses it: listeners, readyState, close. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server refused the stream (a 429): the browser closes it for good and says error. */
  refuse(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  send(type: string, data: string): void {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}

describe("the page's one event stream", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is shared by every subscriber and closed by the last', () => {
    const blocks: string[] = [];
    const trades: string[] = [];
    const offBlock = subscribeServerEvents({ block: (e) => blocks.push(e.data) });
    const offTrade = subscribeServerEvents({ trade: (e) => trades.push(e.data) });
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([CHAIN_EVENTS_PATH]);
    const [source] = FakeEventSource.opened;
    source?.send('block', '1');
    source?.send('trade', 't');
    expect([blocks, trades]).toEqual([['1'], ['t']]);
    offBlock();
    expect(source?.readyState).not.toBe(FakeEventSource.CLOSED);
    offTrade();
    expect(source?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens again, backing off, when the server refused the stream', () => {
    const blocks: string[] = [];
    const off = subscribeServerEvents({ block: (e) => blocks.push(e.data) });
    FakeEventSource.opened[0]?.refuse();
    vi.advanceTimersByTime(4_999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]?.refuse();
    vi.advanceTimersByTime(9_999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const reopened = FakeEventSource.opened[2];
    reopened?.send('block', '7');
    expect(blocks).toEqual(['7']);
    off();
    expect(reopened?.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('stops retrying once nobody listens', () => {
    const off = subscribeServerEvents({ block: () => undefined });
    FakeEventSource.opened[0]?.refuse();
    off();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
