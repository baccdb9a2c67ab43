import {
  Brc20ActivityPayloadSchema,
  Brc20BalancesPayloadSchema,
  Brc20HoldersPayloadSchema,
  Brc20TokenPayloadSchema,
  Brc20TokensPayloadSchema,
  Brc20TransferablesPayloadSchema,
  BRC20_TOKENS_PAGE_SIZE,
  type Brc20TokenSort,
} from '@om/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { walletQueries } from '../wallet/wallet.queries.ts';

export type TokenListParams = {
  search: string;
  sort: Brc20TokenSort;
  order: 'asc' | 'desc';
  page: number;
};

const pageQuery = (page: number, extra: Record<string, string> = {}) =>
  new URLSearchParams({
    ...extra,
    limit: String(BRC20_TOKENS_PAGE_SIZE),
    offset: String(page * BRC20_TOKENS_PAGE_SIZE),
  }).toString();

const tickPath = (tick: string) => `/api/brc20/tokens/${encodeURIComponent(tick)}`;
const addressPath = (address: string) => `/api/brc20/balances/${encodeURIComponent(address)}`;

/** The token layer's read API (core brc20.api.ts). */
export const brc20Queries = {
  all: () => ['brc20'] as const,
  tokens: ({ search, sort, order, page }: TokenListParams) =>
    queryOptions({
      queryKey: [...brc20Queries.all(), 'tokens', { search, sort, order, page }],
      queryFn: ({ signal }) => {
        const extra: Record<string, string> = { sort, order };
        if (search.trim()) extra.search = search.trim();
        return api.get(`/api/brc20/tokens?${pageQuery(page, extra)}`, Brc20TokensPayloadSchema, {
          signal,
        });
      },
      placeholderData: keepPreviousData,
    }),
  token: (tick: string) =>
    queryOptions({
      queryKey: [...brc20Queries.all(), 'token', tick.toLowerCase()],
      queryFn: async ({ signal }) =>
        (await api.get(tickPath(tick), Brc20TokenPayloadSchema, { signal })).token,
    }),
  holders: (tick: string, page: number) =>
    queryOptions({
      queryKey: [...brc20Queries.all(), 'holders', tick.toLowerCase(), page],
      queryFn: ({ signal }) =>
        api.get(`${tickPath(tick)}/holders?${pageQuery(page)}`, Brc20HoldersPayloadSchema, {
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  activity: (tick: string, page: number) =>
    queryOptions({
      queryKey: [...brc20Queries.all(), 'activity', tick.toLowerCase(), page],
      queryFn: ({ signal }) =>
        api.get(`${tickPath(tick)}/activity?${pageQuery(page)}`, Brc20ActivityPayloadSchema, {
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  addressActivity: (address: string, page: number) =>
    queryOptions({
      queryKey: [...brc20Queries.addresses(), address, 'activity', page],
      queryFn: ({ signal }) =>
        api.get(`${addressPath(address)}/activity?${pageQuery(page)}`, Brc20ActivityPayloadSchema, {
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  /**
   * Every query of an address's tokens (balances, transferables, activity). Under the wallet's
   * balance keys, so a mempool event and a send refetch them; a new block does not, the 'brc20'
   * event after it does (use-chain-events.ts): at 'block' that block's token rows are not written.
   */
  addresses: () => [...walletQueries.balances(), 'brc20'] as const,
  /** GET /api/brc20/balances/{address}. */
  balances: (address: string) =>
    queryOptions({
      queryKey: [...brc20Queries.addresses(), address],
      queryFn: ({ signal }) =>
        api.get(addressPath(address), Brc20BalancesPayloadSchema, { signal }),
    }),
  transferables: (address: string) =>
    queryOptions({
      queryKey: [...brc20Queries.addresses(), address, 'transferable'],
      queryFn: ({ signal }) =>
        api.get(`${addressPath(address)}/transferable`, Brc20TransferablesPayloadSchema, {
          signal,
        }),
    }),
};
