import {
  Brc20SendBodySchema,
  Brc20SendPrepareBodySchema,
  Brc20SendPreparePayloadSchema,
  Brc20SendPayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { prepareBrc20Send, sendBrc20Transfer } from './brc20-send.service.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  transferPrepare: {
    summary: 'Prepare a BRC-20 transfer inscription',
    body: Brc20SendPrepareBodySchema,
    payload: Brc20SendPreparePayloadSchema,
  },
  transferSend: {
    summary: 'Send a prepared BRC-20 transfer',
    body: Brc20SendBodySchema,
    payload: Brc20SendPayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * Sending a transfer inscription (ADR 015). No sign-in: the wallet's signatures over the PSBT
 * are the authority, as for legacy purchases.
 */
export function brc20SendRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const open = { config: writeLimit };

  app.post(
    '/api/brc20/transfer/prepare',
    documented(docs.transferPrepare, open),
    async (request) => {
      const body = parseInput(Brc20SendPrepareBodySchema, request.body, 'body');
      return { success: true, payload: await prepareBrc20Send(deps, body) };
    },
  );

  app.post('/api/brc20/transfer/send', documented(docs.transferSend, open), async (request) => {
    const body = parseInput(Brc20SendBodySchema, request.body, 'body');
    return { success: true, payload: await sendBrc20Transfer(deps, body) };
  });
}
