import {
  RuneSendPrepareBodySchema,
  RuneSendPreparePayloadSchema,
  RuneSendSubmitBodySchema,
  RuneSendSubmitPayloadSchema,
} from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from '../auth/auth-guard.ts';
import { prepareRuneSend, submitRuneSend } from './runes-send.service.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  prepare: {
    summary: 'Prepare a rune send (a PSBT with an edict) for review and signing',
    body: RuneSendPrepareBodySchema,
    payload: RuneSendPreparePayloadSchema,
  },
  submit: {
    summary: 'Broadcast a prepared rune send, signed',
    body: RuneSendSubmitBodySchema,
    payload: RuneSendSubmitPayloadSchema,
  },
} satisfies Record<string, RouteDocs>;

/** Sending runes from the wallet (issue 20), signed in. */
export function runesSendRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const signedIn = { config: writeLimit, preHandler: requireSession(deps.jwtSecret) };
  const userOf = (request: FastifyRequest) => {
    if (!request.session) throw new AppError('UNAUTHENTICATED', 'user is not authenticated');
    return request.session.userId;
  };

  app.post('/api/runes/send/prepare', documented(docs.prepare, signedIn), async (request) => {
    const body = parseInput(RuneSendPrepareBodySchema, request.body, 'body');
    return { success: true, payload: await prepareRuneSend(deps, userOf(request), body) };
  });
  app.post('/api/runes/send/submit', documented(docs.submit, signedIn), async (request) => {
    const body = parseInput(RuneSendSubmitBodySchema, request.body, 'body');
    return { success: true, payload: await submitRuneSend(deps, userOf(request), body) };
  });
}
