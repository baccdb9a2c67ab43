import { FaucetPayloadSchema, MinePayloadSchema } from '@om/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { shortenAddress } from '../../lib/format.ts';
import { configQueries } from '../../shared/config.queries.ts';

/** 1 BTC per click: enough for any flow, small enough to click again. */
const FAUCET_AMOUNT_SATS = '100000000';

/** Regtest helpers (POST /api/dev/faucet and /api/dev/mine), shown only where devTools is on. */
export function DevToolsSection({ address }: { address: string }) {
  const queryClient = useQueryClient();
  // Coins and blocks change most chain-derived data: refresh everything but the static config.
  const refreshChainData = () =>
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== configQueries.all()[0],
    });

  const faucet = useMutation({
    mutationFn: () =>
      api.post('/api/dev/faucet', { address, amountSats: FAUCET_AMOUNT_SATS }, FaucetPayloadSchema),
    onSuccess: async () => {
      toast.success(`Sent 1 BTC to ${shortenAddress(address)}. Mine a block to confirm it.`);
      await refreshChainData();
    },
    onError: (error) => toast.error(`Faucet failed: ${errorMessage(error)}`),
  });

  const mine = useMutation({
    mutationFn: () => api.post('/api/dev/mine', { blocks: 1 }, MinePayloadSchema),
    onSuccess: async ({ height }) => {
      toast.success(`Mined block ${height}`);
      await refreshChainData();
    },
    onError: (error) => toast.error(`Mining failed: ${errorMessage(error)}`),
  });

  return (
    <section
      aria-label="Regtest tools"
      className="flex flex-col gap-2 rounded-xl border border-brand-500/20 bg-brand-500/5 p-4"
    >
      <h3 className="text-xs uppercase tracking-wide text-brand-400">Regtest</h3>
      <div className="grid grid-cols-2 gap-2">
        <Button size="sm" onClick={() => faucet.mutate()} disabled={faucet.isPending}>
          Get test coins
        </Button>
        <Button size="sm" onClick={() => mine.mutate()} disabled={mine.isPending}>
          Mine block
        </Button>
      </div>
    </section>
  );
}
