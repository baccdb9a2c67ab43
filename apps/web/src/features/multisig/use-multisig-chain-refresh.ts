import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeServerEvents } from '../../shared/server-events.ts';
import { multisigQueries } from './multisig.queries.ts';

/**
 * The multisig and maker wallets' coins and transactions read again on each new block and mempool
 * transaction, on the page's one event stream: a deposit shows once it is seen and once it is
 * mined, not at the next minute's poll (or a reload). The layout's chain events refresh the
 * connected wallet's own balances, not these.
 */
export function useMultisigChainRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: multisigQueries.balances() });
      void queryClient.invalidateQueries({ queryKey: multisigQueries.histories() });
    };
    return subscribeServerEvents({ block: refresh, mempool: refresh });
  }, [queryClient]);
}
