import {
  MiningStatusSchema,
  MyPoolEntrySchema,
  PoolEntriesSchema,
  PoolResponseSchema,
  PoolsSchema,
  RewardsPageSchema,
  RunePayloadSchema,
  TasksSchema,
} from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { TX_POLL_MS } from '../../shared/trade.queries.ts';

const XpHistorySchema = z.object({
  entries: z.array(
    z.object({
      delta: z.string(),
      reason: z.string(),
      fromHeight: z.number().nullable(),
      height: z.number().nullable(),
      txid: z.string().nullable(),
      timestamp: z.string(),
    }),
  ),
  page: z.number().int(),
  hasMore: z.boolean(),
});

const enc = encodeURIComponent;

/**
 * A payout the node has not taken yet is sent again by the server's claims worker, which tells
 * nobody: while one is shown broadcasting, its page asks again as a transaction's status does.
 */
const whileBroadcasting = (broadcasting: boolean) => (broadcasting ? TX_POLL_MS : false);

/**
 * Reward pools, mining and tasks; every key starts with 'rewards', which a new block and the
 * 'pool' event refresh (use-rewards-events.ts). A pool's keys start with pool(id)'s key.
 */
export const rewardsQueries = {
  all: () => ['rewards'] as const,
  pools: () =>
    queryOptions({
      queryKey: [...rewardsQueries.all(), 'pools'],
      queryFn: ({ signal }) => api.get('/api/rewards/pools', PoolsSchema, { signal }),
    }),
  poolKey: (id: string) => [...rewardsQueries.all(), 'pool', id] as const,
  pool: (id: string) =>
    queryOptions({
      queryKey: rewardsQueries.poolKey(id),
      queryFn: ({ signal }) =>
        api.get(`/api/rewards/pools/${enc(id)}`, PoolResponseSchema, { signal }),
      refetchInterval: (query) =>
        whileBroadcasting(query.state.data?.pool.winners.some((w) => w.broadcasting) ?? false),
    }),
  entries: (id: string) =>
    queryOptions({
      queryKey: [...rewardsQueries.poolKey(id), 'entries'],
      queryFn: ({ signal }) =>
        api.get(`/api/rewards/pools/${enc(id)}/entries`, PoolEntriesSchema, { signal }),
    }),
  mine: (id: string, address: string) =>
    queryOptions({
      queryKey: [...rewardsQueries.poolKey(id), 'mine', address],
      queryFn: ({ signal }) =>
        api.get(`/api/rewards/pools/${enc(id)}/mine?address=${enc(address)}`, MyPoolEntrySchema, {
          signal,
        }),
    }),
  history: (page: number) =>
    queryOptions({
      queryKey: [...rewardsQueries.all(), 'history', page],
      queryFn: ({ signal }) =>
        api.get(`/api/rewards/history?page=${page}`, RewardsPageSchema, { signal }),
      refetchInterval: (query) =>
        whileBroadcasting(
          query.state.data?.rewards.some((r) => r.status === 'broadcasting') ?? false,
        ),
    }),
  mining: (address: string) =>
    queryOptions({
      queryKey: [...rewardsQueries.all(), 'mining', address],
      queryFn: ({ signal }) =>
        api.get(`/api/rewards/mining/${enc(address)}`, MiningStatusSchema, { signal }),
    }),
  tasks: (address: string) =>
    queryOptions({
      queryKey: [...rewardsQueries.all(), 'tasks', address],
      queryFn: ({ signal }) =>
        api.get(`/api/task?address=${enc(address)}`, TasksSchema, { signal }),
    }),
  /** A rune a reward pays, for its name and divisibility (which never change once etched). */
  rune: (idOrName: string) =>
    queryOptions({
      queryKey: [...rewardsQueries.all(), 'rune', idOrName],
      queryFn: async ({ signal }) =>
        (await api.get(`/api/runes/${enc(idOrName)}`, RunePayloadSchema, { signal })).rune,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  xpHistory: (address: string, page: number) =>
    queryOptions({
      queryKey: [...rewardsQueries.all(), 'xp-history', address, page],
      queryFn: ({ signal }) =>
        api.get(`/api/rewards/xp/${enc(address)}/history?page=${page}`, XpHistorySchema, {
          signal,
        }),
    }),
};
