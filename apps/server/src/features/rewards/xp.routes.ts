import { AddressParamSchema } from '@om/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { checkAddress } from '../../http/address-input.ts';
import { xpConfig } from './xp-accrual.worker.ts';
import { xpHistory, xpOf } from './xp.queries.ts';

const HistoryQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).default(1),
});

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  xp: { summary: 'XP of an address', params: AddressParamSchema },
  history: {
    summary: 'XP ledger of an address, paged',
    params: AddressParamSchema,
    query: HistoryQuery,
  },
} satisfies Record<string, RouteDocs>;

/**
 * An address's XP and its ledger (ADR 020): public, as the balances they come from are; XP is
 * a whole number of points, sent as a decimal string.
 */
export function xpRoutes(app: FastifyInstance, deps: AppDeps): void {
  const config = xpConfig(deps.env);
  app.get<{ Params: { address: string } }>(
    '/api/rewards/xp/:address',
    documented(docs.xp),
    async (request) => {
      const { address } = request.params;
      checkAddress(address, 'address', deps.env.BITCOIN_NETWORK);
      return {
        success: true,
        payload: { address, xp: String(await xpOf(deps.db, address, config)) },
      };
    },
  );

  app.get<{ Params: { address: string } }>(
    '/api/rewards/xp/:address/history',
    documented(docs.history),
    async (request) => {
      const { address } = request.params;
      checkAddress(address, 'address', deps.env.BITCOIN_NETWORK);
      const { page } = parseInput(HistoryQuery, request.query, 'query');
      return { success: true, payload: await xpHistory(deps.db, address, page) };
    },
  );
}
