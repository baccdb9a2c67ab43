import { BRC20_ORDER_POLL_MS, mintedToast, type InscribeOrderState } from '@om/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { useAppConfig } from '../../shared/config.queries.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';
import { formatWireAmount } from '../../lib/brc20-amount.ts';
import { inscribeService, serviceBase } from './inscribe-service.ts';
import { completeMintRecord, useMintRecords, type MintRecord } from './mint-records.ts';

const serviceOrderKey = (id: string) => ['brc20', 'service-order', id] as const;

/** Orders that will never complete: their records stay pending but are no longer polled. */
const STOPPED: readonly InscribeOrderState[] = ['expired', 'refunding', 'refunded', 'error'];

/** Completed records whose orders are read once more (on mount) for each mint's index result. */
const RESULTS_SHOWN = 20;

type OrderFiles = { files: { brc20: { status: string } | null }[] };

/** What the index made of an order's mints: "2 valid", "1 valid, 1 clipped"; '' before any. */
function mintResultsText(order: OrderFiles): string {
  const counts = new Map<string, number>();
  for (const file of order.files) {
    if (file.brc20) counts.set(file.brc20.status, (counts.get(file.brc20.status) ?? 0) + 1);
  }
  return ['valid', 'clipped', 'invalid', 'pending']
    .filter((status) => counts.has(status))
    .map((status) => `${counts.get(status)} ${status}`)
    .join(', ');
}

export type MintOrderView = { state: InscribeOrderState; results: string };

/**
 * product.md#states-and-transitions: each pending mint record's order is read every 5 s until its
 * state is 'completed'; then the record is completed and 'Successfully minted {tokens} {ticker}'
 * shows. Several components may call this: the queries are shared and the toast shows once. The
 * newest completed records' orders are read once, for what the index made of each mint.
 */
export function useMintRecordPolling(): {
  records: MintRecord[];
  /** Each followed record's order as last read. */
  orders: Map<string, MintOrderView>;
} {
  const config = useAppConfig();
  const network = config?.network;
  const base = serviceBase(config?.inscriptionServiceUrl);
  const records = useMintRecords(network);
  const tracked = [
    ...records.filter((r) => r.status === 'pending'),
    ...records.filter((r) => r.status === 'completed').slice(0, RESULTS_SHOWN),
  ];
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: tracked.map((record) => ({
      queryKey: serviceOrderKey(record.orderId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        inscribeService.order(base, record.orderId, signal),
      refetchInterval: (query: { state: { data?: { state: InscribeOrderState } } }) =>
        record.status === 'completed' ||
        (query.state.data && STOPPED.includes(query.state.data.state))
          ? false
          : BRC20_ORDER_POLL_MS,
      enabled: network !== undefined,
    })),
  });
  const completed = tracked.filter(
    (record, i) => record.status === 'pending' && results[i]?.data?.state === 'completed',
  );
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
  const orders = new Map<string, MintOrderView>();
  tracked.forEach((record, i) => {
    const order = results[i]?.data;
    if (order) orders.set(record.orderId, { state: order.state, results: mintResultsText(order) });
  });
  return { records, orders };
}
