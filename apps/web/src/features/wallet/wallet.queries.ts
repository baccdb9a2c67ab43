import { AddressBalancePayloadSchema, AddressTxsPayloadSchema } from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The wallet panel shows the balance live: the faucet and mined blocks change it. */
const BALANCE_REFETCH_MS = 10_000;
/**
 * product.md#market-calls: the address's mempool transactions every 8 base time units (seconds).
 */
const MEMPOOL_TXS_REFETCH_MS = 8_000;

export const walletQueries = {
  all: () => ['wallet'] as const,
  balances: () => [...walletQueries.all(), 'balance'] as const,
  balance: (address: string) =>
    queryOptions({
      queryKey: [...walletQueries.balances(), address],
      queryFn: async ({ signal }) => {
        const path = `/api/shared/address/${encodeURIComponent(address)}/balance`;
        const { confirmed, unconfirmed } = await api.get(path, AddressBalancePayloadSchema, {
          signal,
        });
        return { confirmed: BigInt(confirmed), unconfirmed: BigInt(unconfirmed) };
      },
      refetchInterval: BALANCE_REFETCH_MS,
    }),
  /** GET /api/shared/mempool/address/{address}/txs: its transactions, the mempool's first. */
  txs: (address: string) =>
    queryOptions({
      queryKey: [...walletQueries.balances(), address, 'txs'],
      queryFn: ({ signal }) =>
        api.get(
          `/api/shared/mempool/address/${encodeURIComponent(address)}/txs`,
          AddressTxsPayloadSchema,
          { signal },
        ),
      refetchInterval: MEMPOOL_TXS_REFETCH_MS,
    }),
};
