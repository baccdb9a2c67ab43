import type { SwapOrder, SwapPoolsInfoBody, SwapTxSizeBody } from '@om/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { swapApi } from './swap.api.ts';

/** product.md#market-calls, #constants-and-limits: swap_pools_info is polled every 7 s. */
export const POOLS_INFO_POLL_MS = 7_000;
/** An order is read again this often until it is completed, failed or expired. */
const ORDER_POLL_MS = 3_000;

const FINAL_STATES: readonly SwapOrder['state'][] = ['completed', 'failed', 'expired'];

export function isFinalOrderState(state: SwapOrder['state']): boolean {
  return FINAL_STATES.includes(state);
}

/** The swap service's reads (ADR 017). */
export const swapQueries = {
  all: () => ['swap'] as const,
  /** GET /brc20swap/pools: the pair picker's ticks. */
  pools: () =>
    queryOptions({
      queryKey: [...swapQueries.all(), 'pools'],
      queryFn: ({ signal }) => swapApi.pools(signal),
      staleTime: 60_000,
    }),
  /** The pair's reserves, fees and the user's balances, every 7 s. */
  poolsInfo: (body: SwapPoolsInfoBody) =>
    queryOptions({
      queryKey: [...swapQueries.all(), 'pools-info', body],
      queryFn: ({ signal }) => swapApi.poolsInfo(body, signal),
      refetchInterval: POOLS_INFO_POLL_MS,
      placeholderData: keepPreviousData,
    }),
  /** The swap's real size and network fee at the chosen rate, for the amounts typed. */
  txSize: (body: SwapTxSizeBody) =>
    queryOptions({
      queryKey: [...swapQueries.all(), 'tx-size', body],
      queryFn: ({ signal }) => swapApi.txSize(body, signal),
      staleTime: 0,
    }),
  /** One order, read again until its state is final. */
  order: (orderId: string) =>
    queryOptions({
      queryKey: [...swapQueries.all(), 'order', orderId],
      queryFn: ({ signal }) => swapApi.order(orderId, signal),
      refetchInterval: (query) => {
        const state = query.state.data?.state;
        return state && isFinalOrderState(state) ? false : ORDER_POLL_MS;
      },
    }),
};
