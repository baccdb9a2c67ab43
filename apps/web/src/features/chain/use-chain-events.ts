import { partialMatchKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { brc20Queries } from '../brc20/brc20.queries.ts';
import { chainQueries } from '../../shared/chain.queries.ts';
import { inscriptionQueries } from '../../shared/inscriptions.queries.ts';
import { LAUNCHES_KEY } from '../launches/launches.keys.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import {
  subscribeServerEvents,
  type ServerEventListener,
  type ServerEventType,
} from '../../shared/server-events.ts';

type BlockEvent = {
  height: number;
  hash: string;
  inscriptionsCreated: number;
  inscriptionsMoved: string[];
};

/**
 * What each chain event refreshes: a new block the inscriptions it moved, every balance but
 * the tokens' (their rows for that block are written after it) and the launches, the BRC-20 pass every token
 * query, a mempool transaction any inscription on screen and every balance (pending transfers).
 */
export function chainEventHandlers(
  queryClient: QueryClient,
): Pick<Record<ServerEventType, ServerEventListener>, 'block' | 'brc20' | 'mempool'> {
  const invalidate = (queryKey: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey });
  return {
    block: (event) => {
      const block = JSON.parse(event.data) as BlockEvent;
      for (const id of block.inscriptionsMoved) invalidate(inscriptionQueries.byId(id));
      void queryClient.invalidateQueries({
        queryKey: walletQueries.balances(),
        predicate: (query) => !partialMatchKey(query.queryKey, brc20Queries.addresses()),
      });
      invalidate(chainQueries.all());
      // A block confirms a launch's deposit (its items become mintable) and its mints.
      invalidate(LAUNCHES_KEY);
    },
    brc20: () => {
      invalidate(brc20Queries.all());
      invalidate(brc20Queries.addresses());
    },
    mempool: () => {
      invalidate(inscriptionQueries.all());
      invalidate(walletQueries.balances());
    },
  };
}

/**
 * When the stream opens, and again after it was lost, every answer already on screen may be
 * older than an event the page could not hear (a block mined while the page loaded, or while the
 * stream was down): they are fetched again. Answers shown only where they never change
 * (staleTime Infinity) are kept; queries still loading are left to finish.
 */
export function catchUpOnOpen(queryClient: QueryClient): () => void {
  return () =>
    void queryClient.invalidateQueries({
      predicate: (query) =>
        query.state.dataUpdatedAt > 0 &&
        !(
          query.observers.length > 0 &&
          query.observers.every((o) => o.options.staleTime === Number.POSITIVE_INFINITY)
        ),
    });
}

/** Keeps what is on screen current without a reload (chainEventHandlers, catchUpOnOpen). */
export function useChainEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeServerEvents({
        ...chainEventHandlers(queryClient),
        open: catchUpOnOpen(queryClient),
      }),
    [queryClient],
  );
}
