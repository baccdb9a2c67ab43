import { vi } from 'vitest';

/** Test helpers for the market pages: a fetch that answers by path and records every request. */
export type Answer = { status: number; body: unknown };
export const ok = (payload: unknown): Answer => ({ status: 200, body: { success: true, payload } });
export const failure = (status: number, error: string): Answer => ({
  status,
  body: { success: false, error, errors: [{ msg: error }] },
});

type Route = Answer | ((url: URL) => Answer);

/** Answers by pathname (a function sees the whole URL); anything else is a 404 envelope. */
export function mockMarketServer(routes: Record<string, Route>) {
  const requests: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      const route = routes[url.pathname];
      const answer =
        typeof route === 'function' ? route(url) : (route ?? failure(404, 'Not found.'));
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return {
    requests,
    /** The requests made to one path, oldest first. */
    to: (pathname: string) => requests.filter((url) => url.pathname === pathname),
  };
}

type Listener = (event: MessageEvent<string>) => void;

/** A stand-in for the browser's EventSource that tests drive with emit(). */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, Set<Listener>>();
  isClosed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.isClosed = true;
  }

  emit(type: string, data: unknown): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
