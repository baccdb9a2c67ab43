import { FaucetBodySchema, MineBodySchema } from '@om/core';
import { isValidAddress } from '@om/bitcoin';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';

/** Regtest-only helpers: coins from the node's wallet and blocks on demand. Not registered elsewhere. */
export function devRoutes(app: FastifyInstance, faucet: RegtestFaucet, writeLimit: object): void {
  app.post('/api/dev/faucet', { config: writeLimit }, async (request) => {
    const body = parseInput(FaucetBodySchema, request.body, 'body');
    if (!isValidAddress(body.address, 'regtest')) {
      throw invalidInput('address: not a valid regtest address', 'address');
    }
    return { success: true, payload: { txid: await faucet.fund(body.address, body.amountSats) } };
  });

  app.post('/api/dev/mine', { config: writeLimit }, async (request) => {
    const { blocks } = parseInput(MineBodySchema, request.body, 'body');
    return { success: true, payload: await faucet.mine(blocks) };
  });
}
