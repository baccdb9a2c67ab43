// The page's one connection to the server's event stream; the features subscribe to it for the
// events they show (chain events: features/chain/use-chain-events.ts).

/**
 * The server's live stream (GET /api/shared/events). EventSource reconnects on its own after a
 * dropped connection or the stream's lifetime; it gives up on a refused one (a 429 when the
 * client has too many streams open), which this page then retries itself, backing off.
 */
export const CHAIN_EVENTS_PATH = '/api/shared/events';

/**
 * The event names the stream sends: chain events ('brc20' follows 'block' once the token rows of
 * that block are written), market events (trade, listing), and the signed-in address's
 * notification events (ADR 018: they name the address only), pools' changes and the XP worker's
 * passes (ADR 020).
 */
export type ServerEventType =
  'block' | 'brc20' | 'mempool' | 'trade' | 'listing' | 'notification' | 'pool' | 'xp';
export type ServerEventListener = (event: MessageEvent<string>) => void;
/**
 * What a subscriber may listen to: the server's events, and 'open', called each time the stream
 * (re)opens, and at once when it is open already, so that what a subscriber shows can catch up
 * with the events it could not hear before.
 */
export type ServerStreamListeners = Partial<Record<ServerEventType, ServerEventListener>> & {
  open?: () => void;
};

const REOPEN_FIRST_MS = 5_000;
const REOPEN_MAX_MS = 60_000;

type SharedStream = {
  source: EventSource;
  listeners: Map<string, Set<ServerEventListener>>;
  reopenMs: number;
  timer?: ReturnType<typeof setTimeout>;
};

let shared: SharedStream | undefined;
/** The signed-in address whose notification events the stream asks for (null: none). */
let streamAddress: string | null = null;

function streamUrl(): string {
  return streamAddress
    ? `${CHAIN_EVENTS_PATH}?address=${encodeURIComponent(streamAddress)}`
    : CHAIN_EVENTS_PATH;
}

/**
 * Asks the page's stream for this address's notification events (null after sign-out): an open
 * stream is reopened with the new query, its subscribers kept.
 */
export function setServerEventsAddress(address: string | null): void {
  if (address === streamAddress) return;
  streamAddress = address;
  if (!shared || typeof EventSource === 'undefined') return;
  shared.source.close();
  clearTimeout(shared.timer);
  shared.source = open(shared);
}

/** One dispatcher per event type, so a reopened EventSource serves every subscriber again. */
function open(stream: SharedStream): EventSource {
  const source = new EventSource(streamUrl());
  for (const type of stream.listeners.keys()) attach(source, stream, type);
  source.addEventListener('open', () => {
    stream.reopenMs = REOPEN_FIRST_MS;
  });
  source.addEventListener('error', () => {
    if (source.readyState !== EventSource.CLOSED || shared !== stream) return;
    stream.timer = setTimeout(() => {
      if (shared === stream) stream.source = open(stream);
    }, stream.reopenMs);
    stream.reopenMs = Math.min(stream.reopenMs * 2, REOPEN_MAX_MS);
  });
  return source;
}

function attach(source: EventSource, stream: SharedStream, type: string): void {
  source.addEventListener(type, (event) => {
    for (const listener of stream.listeners.get(type) ?? [])
      listener(event as MessageEvent<string>);
  });
}

/**
 * Listens on the one EventSource of the page, opened by the first subscriber and closed by the
 * last, so the layout and a page that wants market events never open two streams.
 */
export function subscribeServerEvents(listeners: ServerStreamListeners): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  if (!shared) {
    const stream = { listeners: new Map(), reopenMs: REOPEN_FIRST_MS } as SharedStream;
    shared = stream;
    stream.source = open(stream);
  }
  const current = shared;
  const entries = Object.entries(listeners) as [string, ServerEventListener][];
  for (const [type, listener] of entries) {
    let set = current.listeners.get(type);
    if (!set) {
      set = new Set();
      current.listeners.set(type, set);
      attach(current.source, current, type);
    }
    set.add(listener);
  }
  if (listeners.open && current.source.readyState === EventSource.OPEN) listeners.open();
  return () => {
    for (const [type, listener] of entries) current.listeners.get(type)?.delete(listener);
    const isUnused = [...current.listeners.values()].every((set) => set.size === 0);
    if (isUnused) {
      current.source.close();
      clearTimeout(current.timer);
      if (shared === current) shared = undefined;
    }
  };
}
