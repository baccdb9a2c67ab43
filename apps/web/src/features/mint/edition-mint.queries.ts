import {
  EditionOrderSchema,
  INSCRIPTION_ORDER_POLL_MS,
  type EditionOrder,
  type EditionOrderStatus,
} from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { launchesQueries } from '../launches/launches.queries.ts';

const FINAL_STATUSES: readonly EditionOrderStatus[] = ['inscribed', 'expired', 'refunded'];

/** Nothing will change an order that is inscribed (with its reveal), expired or refunded. */
export function isOrderSettled(order: EditionOrder | undefined): boolean {
  if (!order || !FINAL_STATUSES.includes(order.status)) return false;
  return order.status !== 'inscribed' || order.revealTxId !== null;
}

export const editionMintQueries = {
  /** GET /api/launchpad/editions/order/{orderId}, every 5 s until the order is settled. */
  order: (orderId: string) =>
    queryOptions({
      queryKey: [...launchesQueries.all(), 'edition-order', orderId],
      queryFn: ({ signal }) =>
        api.get(
          `/api/launchpad/editions/order/${encodeURIComponent(orderId)}`,
          EditionOrderSchema,
          {
            signal,
          },
        ),
      refetchInterval: (query) =>
        isOrderSettled(query.state.data) ? false : INSCRIPTION_ORDER_POLL_MS,
    }),
};
