import { BRC20_ORDER_POLL_MS, mintedToast, type InscribeOrderState } from '@om/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { useAppConfig } from '../config/config.queries.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { formatWireAmount } from './brc20-amount.ts';
import { inscribeService, serviceBase } from './inscribe-service.ts';
import { completeMintRecord, useMintRecords, type MintRecord } from './mint-records.ts';

export const serviceOrderKey = (id: string) => ['brc20', 'service-order', id] as const;

/** Orders that will never complete: their records stay pending but are no longer polled. */
const STOPPED: readonly InscribeOrderState[] = ['expired', 'refunding', 'refunded', 'error'];

/**
 * Spec 001 §4: each pending mint record's order is read every 5 s until its state is
 * 'completed'; then the record is completed and 'Successfully minted {tokens} {ticker}' shows.
 * Several components may call this: the queries are shared and the toast shows once.
 */
export function useMintRecordPolling(): {
  records: MintRecord[];
  /** The service's state of each pending record's order, once read. */
  orderStates: Map<string, InscribeOrderState>;
} {
  const config = useAppConfig();
  const network = config?.network;
  const base = serviceBase(config?.inscriptionServiceUrl);
  const records = useMintRecords(network);
  const pending = records.filter((r) => r.status === 'pending');
  const queryClient = useQueryClient();
  const orders = useQueries({
    queries: pending.map((record) => ({
      queryKey: serviceOrderKey(record.orderId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        inscribeService.order(base, record.orderId, signal),
      refetchInterval: (query: { state: { data?: { state: InscribeOrderState } } }) =>
        query.state.data && STOPPED.includes(query.state.data.state) ? false : BRC20_ORDER_POLL_MS,
      enabled: network !== undefined,
    })),
  });
  const completed = pending.filter((_, i) => orders[i]?.data?.state === 'completed');
  const completedIds = completed.map((r) => r.orderId).join(',');

  useEffect(() => {
    if (!network) return;
    for (const record of completed) {
      if (!completeMintRecord(network, record.orderId)) continue;
      toast.success(mintedToast(formatWireAmount(record.tokensAmount, 0), record.ticker));
      void queryClient.invalidateQueries({ queryKey: walletQueries.balances() });
    }
    // completedIds stands for `completed`, a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [completedIds, network, queryClient]);
  const orderStates = new Map<string, InscribeOrderState>();
  pending.forEach((record, i) => {
    const state = orders[i]?.data?.state;
    if (state) orderStates.set(record.orderId, state);
  });
  return { records, orderStates };
}
