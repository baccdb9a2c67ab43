import type { SwapOrder, SwapOrderState } from '@om/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { shortenHash } from '../../lib/inscription-format.ts';
import { ReviewRow } from '../../shared/trade-ui.tsx';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { isFinalOrderState, swapQueries } from './swap.queries.ts';

/** Each state of an order (ADR 017 "States") in words. */
const ORDER_STATE_TEXT: Record<SwapOrderState, string> = {
  quoted: 'Waiting for your signature.',
  pending: 'Broadcast: waiting for a block.',
  confirmed: 'Confirmed: waiting for the token index.',
  completed: 'Swap completed.',
  failed: 'Swap failed.',
  expired: 'The order expired before it was signed.',
};

/** Follows one order (GET /brc20swap/order every 3 s) until completed, failed or expired. */
export function SwapOrderStatus({
  orderId,
  txId,
  onDone,
}: {
  orderId: string;
  txId: string;
  onDone: () => void;
}) {
  const order = useQuery(swapQueries.order(orderId));
  const state = order.data?.state ?? 'pending';
  const isFinal = isFinalOrderState(state);
  useBalancesOnCompletion(order.data);
  return (
    <section aria-label="Swap order" className="flex flex-col gap-3">
      <p
        role="status"
        className={state === 'failed' || state === 'expired' ? 'text-red-300' : 'text-zinc-200'}
      >
        {ORDER_STATE_TEXT[state]}
        {state === 'failed' && order.data?.error ? ` ${order.data.error}` : ''}
      </p>
      {order.isError ? <LoadError what="the swap order" error={order.error} /> : null}
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Order">
          <span className="font-mono text-[13px]">{orderId}</span>
        </ReviewRow>
        <ReviewRow term="Transaction">
          <span className="font-mono text-[13px]" title={txId}>
            {shortenHash(order.data?.tx_id || txId)}
          </span>
        </ReviewRow>
        {order.data ? (
          <>
            <ReviewRow term="You send">{order.data.send_amount}</ReviewRow>
            <ReviewRow term="You receive">{order.data.receive_amount}</ReviewRow>
          </>
        ) : null}
      </dl>
      <div className="flex justify-end">
        <Button variant={isFinal ? 'primary' : 'secondary'} onClick={onDone}>
          {isFinal ? 'New swap' : 'Swap again'}
        </Button>
      </div>
    </section>
  );
}

/** Balances move when the order completes; the 'brc20' event refreshes them too. */
function useBalancesOnCompletion(order: SwapOrder | undefined) {
  const queryClient = useQueryClient();
  const completed = order?.state === 'completed';
  useEffect(() => {
    if (completed) void queryClient.invalidateQueries({ queryKey: walletQueries.balances() });
  }, [completed, queryClient]);
}
