import { isValidAddress } from '@om/bitcoin';
import { AddressInscriptionsQuerySchema } from '@om/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { invalidInput } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import { findAddressInscriptions } from './address.queries.ts';

const AddressParamsSchema = z.object({ address: z.string().min(1, 'address is required') });

export function addressRoutes(app: FastifyInstance, { env, chain, db }: AppDeps): void {
  const parseAddress = (params: unknown): string => {
    const { address } = parseInput(AddressParamsSchema, params, 'params');
    if (!isValidAddress(address, env.BITCOIN_NETWORK)) {
      throw invalidInput(`address: not a valid ${env.BITCOIN_NETWORK} address`, 'address');
    }
    return address;
  };

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
