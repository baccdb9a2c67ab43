import { isValidAddress } from '@om/bitcoin';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { invalidInput } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';

const AddressParamsSchema = z.object({ address: z.string().min(1, 'address is required') });

export function addressRoutes(app: FastifyInstance, { env, chain }: AppDeps): void {
  app.get('/api/shared/address/:address/balance', async (request) => {
    const { address } = parseInput(AddressParamsSchema, request.params, 'params');
    if (!isValidAddress(address, env.BITCOIN_NETWORK)) {
      throw invalidInput(`address: not a valid ${env.BITCOIN_NETWORK} address`, 'address');
    }
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
