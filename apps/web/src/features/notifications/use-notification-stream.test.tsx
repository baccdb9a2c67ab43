import type { Notification } from '@om/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAIN_EVENTS_PATH } from '../../shared/server-events.ts';
import { fakeServer, ok } from '../../test/trade-test-kit.tsx';
import { useNotificationStream } from './use-notification-stream.ts';

// ADR 018: the page's stream asks for the signed-in address's notification events, which name the
// address only; each one refreshes the lists, and a new unread one pops up unless its type is muted.

class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(type: string, data: string): void {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}

const ADDRESS = 'bcrt1qseller';
const note = (i: number, type = 'listing_sold'): Notification => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  app: 'product',
  type,
  title: `Title ${i}`,
  body: `Body ${i}`,
  payload: {},
  read: false,
  retracted: false,
  timestamp: '2026-11-28T10:00:00.000Z',
});

function Probe({ address }: { address: string | null }): ReactNode {
  useNotificationStream(address);
  return null;
}

describe('live notifications', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('pops up what is new and not muted, never what was there before', async () => {
    let product = [note(1)];
    fakeServer({
      'GET /api/notifications?app=product&page=1': () =>
        ok({ notifications: product, page: 1, hasMore: false }),
      'GET /api/notifications?app=global&page=1': ok({
        notifications: [],
        page: 1,
        hasMore: false,
      }),
      'GET /api/notifications/preferences': ok({ muted: ['outbid'] }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Toaster />
        <Probe address={ADDRESS} />
      </QueryClientProvider>,
    );
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual([
      `${CHAIN_EVENTS_PATH}?address=${ADDRESS}`,
    ]);
    const stream = FakeEventSource.opened[0]!;
    // Let the first look finish: note 1 is old news.
    await new Promise((resolve) => setTimeout(resolve, 50));
    product = [note(3, 'outbid'), note(2), note(1)];
    stream.send('notification', JSON.stringify({ address: ADDRESS }));
    expect(await screen.findByText('Title 2')).toBeTruthy();
    expect(screen.getByText('Body 2')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Title 1')).toBeNull());
    expect(screen.queryByText('Title 3')).toBeNull();

    // Signed out: the stream no longer asks for the address.
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Probe address={null} />
      </QueryClientProvider>,
    );
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });
});
