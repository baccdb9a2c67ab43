import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chainQueries } from './chain.queries.ts';
import { inscriptionQueries } from '../inscriptions/inscriptions.queries.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';

type BlockEvent = {
  height: number;
  hash: string;
  inscriptionsCreated: number;
  inscriptionsMoved: string[];
};

/** The server's live stream (GET /api/shared/events); EventSource reconnects on its own. */
export const CHAIN_EVENTS_PATH = '/api/shared/events';

/** The event names the stream sends: chain events, and market events (trade, listing). */
export type ServerEventType = 'block' | 'mempool' | 'trade' | 'listing';
export type ServerEventListener = (event: MessageEvent<string>) => void;

let shared: { source: EventSource; users: number } | undefined;

/**
 * Listens on the one EventSource of the page, opened by the first subscriber and closed by the
 * last, so the layout and a page that wants market events never open two streams.
 */
export function subscribeServerEvents(
  listeners: Partial<Record<ServerEventType, ServerEventListener>>,
): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  shared ??= { source: new EventSource(CHAIN_EVENTS_PATH), users: 0 };
  const current = shared;
  current.users += 1;
  const entries = Object.entries(listeners);
  for (const [type, listener] of entries) current.source.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of entries) current.source.removeEventListener(type, listener);
    current.users -= 1;
    if (current.users === 0) {
      current.source.close();
      if (shared === current) shared = undefined;
    }
  };
}

/**
 * Keeps what is on screen current without a reload: a new block refreshes the inscriptions it
 * moved and every balance; a mempool transaction may start moving any inscription on screen.
 */
export function useChainEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeServerEvents({
        block: (event) => {
          const block = JSON.parse(event.data) as BlockEvent;
          for (const id of block.inscriptionsMoved) {
            void queryClient.invalidateQueries({ queryKey: inscriptionQueries.byId(id) });
          }
          void queryClient.invalidateQueries({ queryKey: walletQueries.balances() });
          void queryClient.invalidateQueries({ queryKey: chainQueries.all() });
        },
        mempool: () => {
          void queryClient.invalidateQueries({ queryKey: inscriptionQueries.all() });
          void queryClient.invalidateQueries({ queryKey: walletQueries.balances() });
        },
      }),
    [queryClient],
  );
}
