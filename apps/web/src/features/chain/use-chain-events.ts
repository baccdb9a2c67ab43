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

/**
 * Keeps what is on screen current without a reload: a new block refreshes the inscriptions it
 * moved and every balance; a mempool transaction may start moving any inscription on screen.
 */
export function useChainEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(CHAIN_EVENTS_PATH);
    const onBlock = (event: MessageEvent<string>) => {
      const block = JSON.parse(event.data) as BlockEvent;
      for (const id of block.inscriptionsMoved) {
        void queryClient.invalidateQueries({ queryKey: inscriptionQueries.byId(id) });
      }
      void queryClient.invalidateQueries({ queryKey: walletQueries.balances() });
      void queryClient.invalidateQueries({ queryKey: chainQueries.all() });
    };
    const onMempool = () => {
      void queryClient.invalidateQueries({ queryKey: inscriptionQueries.all() });
      void queryClient.invalidateQueries({ queryKey: walletQueries.balances() });
    };
    source.addEventListener('block', onBlock);
    source.addEventListener('mempool', onMempool);
    return () => source.close();
  }, [queryClient]);
}
