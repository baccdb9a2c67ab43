import { AddressInscriptionsQuerySchema } from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { parseAddressParam } from '../../http/address-input.ts';
import { parseInput } from '../../http/validate.ts';
import { findAddressInscriptions } from './address.queries.ts';

export function addressRoutes(app: FastifyInstance, { env, chain, db }: AppDeps): void {
  const parseAddress = (params: unknown) => parseAddressParam(params, env.BITCOIN_NETWORK);

  app.get('/api/address/:address/inscriptions', async (request) => {
    const address = parseAddress(request.params);
    const page = parseInput(AddressInscriptionsQuerySchema, request.query, 'query');
    return {
      success: true,
      payload: { inscriptions: await findAddressInscriptions(db, address, page) },
    };
  });

  app.get('/api/shared/address/:address/balance', async (request) => {
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
