import {
  AddressInscriptionsQuerySchema,
  AddressParamSchema,
  AddressInscriptionsPayloadSchema,
  AddressBalancePayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseAddressParam } from '../../http/address-input.ts';
import { parseInput } from '../../http/validate.ts';
import { findAddressInscriptions } from './address.queries.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  inscriptions: {
    summary: 'Inscriptions an address holds',
    params: AddressParamSchema,
    query: AddressInscriptionsQuerySchema,
    payload: AddressInscriptionsPayloadSchema,
    isStable: true,
  },
  balance: {
    summary: 'Confirmed and unconfirmed sats of an address',
    params: AddressParamSchema,
    payload: AddressBalancePayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

export function addressRoutes(app: FastifyInstance, { env, chain, db }: AppDeps): void {
  const parseAddress = (params: unknown) => parseAddressParam(params, env.BITCOIN_NETWORK);

  app.get('/api/address/:address/inscriptions', documented(docs.inscriptions), async (request) => {
    const address = parseAddress(request.params);
    const page = parseInput(AddressInscriptionsQuerySchema, request.query, 'query');
    return {
      success: true,
      payload: { inscriptions: await findAddressInscriptions(db, address, page) },
    };
  });

  app.get('/api/shared/address/:address/balance', documented(docs.balance), async (request) => {
    const address = parseAddress(request.params);
    const balance = await chain.source.addressBalance(address);
    return {
      success: true,
      payload: {
        confirmed: balance.confirmed.toString(),
        unconfirmed: balance.unconfirmed.toString(),
      },
    };
  });
}
