import { bytesToHex, parsePsbt } from '@om/bitcoin';
import { COINS_BACK_A_BID } from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { AppError } from '../../http/app-error.ts';
import { reservedAmong } from './auction-bids.queries.ts';

// A standing bid's coins stay where its settlement needs them (ADR 012): the platform co-signs
// nothing else that spends them. Every multisig spend reaches the platform's signature through a
// call that carries the signed PSBT (a body field whose name says psbt: confirm-padding,
// withdrawal/confirm, offer and mint submits…), so the guard reads those PSBTs' inputs before the
// route runs and answers 409 when one is reserved. The auctions' own calls keep their own checks.

const AUCTION_ROUTES = '/api/launchpad/auctions/';

export function guardReservedCoins(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' && request.method !== 'PUT') return;
    if (!request.url.startsWith('/api/') || request.url.startsWith(AUCTION_ROUTES)) return;
    const outpoints = spentOutpoints(request.body);
    if (outpoints.length === 0) return;
    if ((await reservedAmong(deps.db, outpoints)).length > 0) {
      throw new AppError('CONFLICT', COINS_BACK_A_BID);
    }
  });
}

/** The outpoints ('txid:vout') spent by the PSBTs of a request body, in any psbt-named field. */
export function spentOutpoints(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const outpoints: string[] = [];
  for (const [field, value] of Object.entries(body)) {
    if (typeof value !== 'string' || !/psbt/i.test(field)) continue;
    let tx;
    try {
      tx = parsePsbt(value);
    } catch {
      // Not a PSBT: its route answers that, naming the field.
      continue;
    }
    for (let i = 0; i < tx.inputsLength; i++) {
      const { txid, index } = tx.getInput(i);
      if (txid && index !== undefined) outpoints.push(`${bytesToHex(txid)}:${index}`);
    }
  }
  return outpoints;
}
