import { Brc20SendBodySchema, Brc20SendPrepareBodySchema } from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { parseInput } from '../../http/validate.ts';
import { prepareBrc20Send, sendBrc20Transfer } from './brc20-send.service.ts';

/**
 * Sending a transfer inscription (issue 14). No sign-in: the wallet's signatures over the PSBT
 * are the authority, as for legacy purchases.
 */
export function brc20SendRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const open = { config: writeLimit };

  app.post('/api/brc20/transfer/prepare', open, async (request) => {
    const body = parseInput(Brc20SendPrepareBodySchema, request.body, 'body');
    return { success: true, payload: await prepareBrc20Send(deps, body) };
  });

  app.post('/api/brc20/transfer/send', open, async (request) => {
    const body = parseInput(Brc20SendBodySchema, request.body, 'body');
    return { success: true, payload: await sendBrc20Transfer(deps, body) };
  });
}
