import {
  DevAuctionParamsSchema,
  FaucetBodySchema,
  MineBodySchema,
  FaucetPayloadSchema,
  MinePayloadSchema,
  EndAuctionPayloadSchema,
} from '@om/core';
import { isValidAddress } from '@om/bitcoin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/create-db.ts';
import { invalidInput } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import type { RegtestFaucet } from '../../chain/regtest-faucet.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { endAuctionNow } from './dev.service.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  faucet: {
    summary: 'Regtest only: send coins to an address',
    body: FaucetBodySchema,
    payload: FaucetPayloadSchema,
  },
  mine: { summary: 'Regtest only: mine blocks', body: MineBodySchema, payload: MinePayloadSchema },
  auctionsEnd: {
    summary: 'Regtest only: end an auction now',
    params: DevAuctionParamsSchema,
    body: 'none',
    payload: EndAuctionPayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * Regtest-only helpers: coins from the node's wallet, blocks on demand, and an auction ended now.
 * Not registered elsewhere.
 */
export function devRoutes(
  app: FastifyInstance,
  deps: { db: Db; faucet: RegtestFaucet; jobs?: JobQueue },
  writeLimit: object,
): void {
  const { db, faucet, jobs } = deps;
  app.post('/api/dev/faucet', documented(docs.faucet, { config: writeLimit }), async (request) => {
    const body = parseInput(FaucetBodySchema, request.body, 'body');
    if (!isValidAddress(body.address, 'regtest')) {
      throw invalidInput('address: not a valid regtest address', 'address');
    }
    return { success: true, payload: { txid: await faucet.fund(body.address, body.amountSats) } };
  });

  app.post('/api/dev/mine', documented(docs.mine, { config: writeLimit }), async (request) => {
    const { blocks } = parseInput(MineBodySchema, request.body, 'body');
    return { success: true, payload: await faucet.mine(blocks) };
  });

  app.post(
    '/api/dev/auctions/:slug/end',
    documented(docs.auctionsEnd, { config: writeLimit }),
    async (request) => {
      const { slug } = parseInput(DevAuctionParamsSchema, request.params, 'params');
      return { success: true, payload: await endAuctionNow(db, slug, jobs) };
    },
  );
}
