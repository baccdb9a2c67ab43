import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { brc20Queries, type TokenListParams } from '../brc20/brc20.queries.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { CHAIN_EVENTS_PATH, subscribeServerEvents } from '../../shared/server-events.ts';
import { catchUpOnOpen, chainEventHandlers } from './use-chain-events.ts';

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
  /** The server answered: the stream is open. */
  accept(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
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

  it("tells 'open' subscribers each time the stream opens, and at once when it is open already", () => {
    const opens: string[] = [];
    const offFirst = subscribeServerEvents({ open: () => opens.push('first') });
    expect(opens).toEqual([]);
    FakeEventSource.opened[0]?.accept();
    expect(opens).toEqual(['first']);
    const offLate = subscribeServerEvents({ open: () => opens.push('late') });
    expect(opens).toEqual(['first', 'late']);
    FakeEventSource.opened[0]?.refuse();
    vi.advanceTimersByTime(5_000);
    FakeEventSource.opened[1]?.accept();
    expect(opens).toEqual(['first', 'late', 'first', 'late']);
    offFirst();
    offLate();
  });

  it('stops retrying once nobody listens', () => {
    const off = subscribeServerEvents({ block: () => undefined });
    FakeEventSource.opened[0]?.refuse();
    off();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});

describe('catching up when the stream opens', () => {
  it('refetches every answer already held, but not the immutable ones nor those still loading', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['balance'], 1);
    const content = new QueryObserver(queryClient, {
      queryKey: ['content'],
      queryFn: () => 'bytes',
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = content.subscribe(() => undefined);
    await content.refetch();
    void queryClient.prefetchQuery({ queryKey: ['loading'], queryFn: () => new Promise(() => {}) });
    catchUpOnOpen(queryClient)();
    const invalidated = (key: string) => queryClient.getQueryState([key])?.isInvalidated;
    expect([invalidated('balance'), invalidated('content'), invalidated('loading')]).toEqual([
      true,
      false,
      false,
    ]);
    unsubscribe();
  });
});

describe('what the chain events refresh', () => {
  const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
  const list: TokenListParams = { search: '', sort: 'holders', order: 'desc', page: 0 };
  const keys: Record<string, QueryKey> = {
    tokenBalances: brc20Queries.balances(ADDRESS).queryKey,
    transferables: brc20Queries.transferables(ADDRESS).queryKey,
    addressActivity: brc20Queries.addressActivity(ADDRESS, 0).queryKey,
    tokens: brc20Queries.tokens(list).queryKey,
    token: brc20Queries.token('omkt').queryKey,
    coinBalance: walletQueries.balance(ADDRESS).queryKey,
  };

  /** Every query above cached and fresh; answers which ones an event left invalidated. */
  function afterEvent(type: 'block' | 'brc20' | 'mempool', data: string) {
    const queryClient = new QueryClient();
    for (const key of Object.values(keys)) queryClient.setQueryData(key, {});
    chainEventHandlers(queryClient)[type](new MessageEvent(type, { data }));
    return Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  }

  it("'block' refreshes coin balances but not the tokens, whose rows come after it", () => {
    const block = JSON.stringify({
      height: 7,
      hash: 'ab',
      inscriptionsCreated: 0,
      inscriptionsMoved: [],
    });
    expect(afterEvent('block', block)).toEqual(['coinBalance']);
  });

  it("'brc20' refreshes every token query: the address's balances, transferables, activity, the token pages", () => {
    expect(afterEvent('brc20', '{"height":7}')).toEqual([
      'tokenBalances',
      'transferables',
      'addressActivity',
      'tokens',
      'token',
    ]);
  });

  it("'mempool' refreshes every balance, pending token transfers included", () => {
    expect(afterEvent('mempool', '{"txids":["cd"]}')).toEqual([
      'tokenBalances',
      'transferables',
      'addressActivity',
      'coinBalance',
    ]);
  });
});
