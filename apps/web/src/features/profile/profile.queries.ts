import { AddressInscriptionsPayloadSchema } from '@om/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { tradeQueries } from '../trade/trade.queries.ts';

export const profileQueries = {
  /**
   * GET /api/address/{address}/inscriptions: what the address holds, with each output and active
   * listing. Under the market's keys, so listing, delisting and buying refresh it.
   */
  inscriptionsOf: (address: string) =>
    queryOptions({
      queryKey: [...tradeQueries.all(), 'inscriptions-of', address],
      queryFn: async ({ signal }) => {
        const path = `/api/address/${encodeURIComponent(address)}/inscriptions`;
        return (await api.get(path, AddressInscriptionsPayloadSchema, { signal })).inscriptions;
      },
    }),
};
