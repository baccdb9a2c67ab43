import { AddressBalancePayloadSchema } from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The wallet panel shows the balance live: the faucet and mined blocks change it. */
const BALANCE_REFETCH_MS = 10_000;

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
};
