import {
  AddressParamSchema,
  RuneBalancesPayloadSchema,
  RunePayloadSchema,
  RunesPayloadSchema,
  RunesQuerySchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { parseAddressParam } from '../../http/address-input.ts';
import { documented, textParams, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { runesSendRoutes } from './runes-send.routes.ts';
import { addressRuneBalances, getRune, listRunesPage, type RunesDeps } from './runes.service.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  runes: {
    summary: 'Runes, searched and sorted',
    query: RunesQuerySchema,
    payload: RunesPayloadSchema,
    isStable: true,
  },
  rune: {
    summary: "One rune, by id ('block:tx') or name",
    params: textParams('idOrName'),
    payload: RunePayloadSchema,
    isStable: true,
  },
  balances: {
    summary: 'Rune balances of an address',
    params: AddressParamSchema,
    payload: RuneBalancesPayloadSchema,
    isStable: true,
  },
} satisfies Record<string, RouteDocs>;

/** The runes read API (issue 20), from our own index, in the envelope. */
export function runesRoutes(app: FastifyInstance, appDeps: AppDeps, writeLimit: object): void {
  const { db, env } = appDeps;
  const deps: RunesDeps = { db };
  const ok = <T>(payload: T) => ({ success: true, payload });

  app.get('/api/runes', documented(docs.runes), async (request) =>
    ok(await listRunesPage(deps, parseInput(RunesQuerySchema, request.query, 'query'))),
  );
  app.get<{ Params: { idOrName: string } }>(
    '/api/runes/:idOrName',
    documented(docs.rune),
    async (request) => ok(await getRune(deps, request.params.idOrName)),
  );
  app.get('/api/runes/balances/:address', documented(docs.balances), async (request) =>
    ok(await addressRuneBalances(deps, parseAddressParam(request.params, env.BITCOIN_NETWORK))),
  );
  runesSendRoutes(app, appDeps, writeLimit);
}
