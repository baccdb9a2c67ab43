import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadFailed, Loading } from '../../components/ui/load-state.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { pairFromParams, type SwapPair } from './swap-form.ts';
import { swapQueries } from './swap.queries.ts';
import { SwapPanel } from './swap-panel.tsx';

/**
 * /swap?send=btc&receive={tick}: BTC ↔ BRC-20 on the platform's pools (ADR 017), each
 * swap one transaction the user signs and the pool co-signs. Without a pair: BTC to the utility
 * token.
 */
export function SwapPage() {
  const config = useAppConfig();
  const [params, setParams] = useSearchParams();
  const pools = useQuery(swapQueries.pools());
  const fallbackTick = config?.productTicker.toLowerCase() || (pools.data?.[0]?.tick ?? '');
  const pair = pairFromParams(params, fallbackTick);
  const setPair = (next: SwapPair) =>
    setParams({ send: next.send, receive: next.receive }, { replace: true });

  return (
    <Page title="Swap" subtitle="Swap BTC and BRC-20 tokens, settled on chain in one transaction.">
      <div className="w-full max-w-lg rounded-2xl border border-zinc-800 bg-zinc-900/30 p-4">
        {pools.isPending ? (
          <Loading what="the pools" />
        ) : pools.isError ? (
          <LoadFailed what="the pools" error={pools.error} onRetry={() => void pools.refetch()} />
        ) : (
          <SwapPanel
            key={`${pair.send}:${pair.receive}`}
            pair={pair}
            pools={pools.data}
            onPair={setPair}
          />
        )}
      </div>
    </Page>
  );
}
