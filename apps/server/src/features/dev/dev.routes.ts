import { DevAuctionParamsSchema, FaucetBodySchema, MineBodySchema } from '@om/core';
import { isValidAddress } from '@om/bitcoin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/create-db.ts';
import { invalidInput } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import { endAuctionNow } from './dev.service.ts';

/**
 * Regtest-only helpers: coins from the node's wallet, blocks on demand, and an auction ended now.
 * Not registered elsewhere.
 */
export function devRoutes(
  app: FastifyInstance,
  deps: { db: Db; faucet: RegtestFaucet },
  writeLimit: object,
): void {
  const { db, faucet } = deps;
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

  app.post('/api/dev/auctions/:slug/end', { config: writeLimit }, async (request) => {
    const { slug } = parseInput(DevAuctionParamsSchema, request.params, 'params');
    return { success: true, payload: await endAuctionNow(db, slug) };
  });
}
