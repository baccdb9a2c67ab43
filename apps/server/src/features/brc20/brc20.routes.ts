import {
  Brc20PageQuerySchema,
  Brc20TokensQuerySchema,
  AddressParamSchema,
  Brc20TokensPayloadSchema,
  Brc20TokenPayloadSchema,
  Brc20HoldersPayloadSchema,
  Brc20ActivityPayloadSchema,
  Brc20BalancesPayloadSchema,
  Brc20TransferablesPayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, textParams, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseAddressParam } from '../../http/address-input.ts';
import { invalidInput } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import {
  addressActivity,
  addressBalances,
  addressTransferables,
  getToken,
  listTokens,
  tokenActivity,
  tokenHolders,
  type Brc20Deps,
} from './brc20.service.ts';

type TickParams = { tick: string };

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  tokens: {
    summary: 'BRC-20 tokens, searched and sorted',
    query: Brc20TokensQuerySchema,
    payload: Brc20TokensPayloadSchema,
    isStable: true,
  },
  token: {
    summary: 'One BRC-20 token',
    params: textParams('tick'),
    payload: Brc20TokenPayloadSchema,
    isStable: true,
  },
  tokensHolders: {
    summary: 'Holders of a BRC-20 token',
    params: textParams('tick'),
    query: Brc20PageQuerySchema,
    payload: Brc20HoldersPayloadSchema,
    isStable: true,
  },
  tokensActivity: {
    summary: 'Deploys, mints and transfers of a BRC-20 token',
    params: textParams('tick'),
    query: Brc20PageQuerySchema,
    payload: Brc20ActivityPayloadSchema,
    isStable: true,
  },
  balances: {
    summary: 'BRC-20 balances of an address',
    params: AddressParamSchema,
    payload: Brc20BalancesPayloadSchema,
    isStable: true,
  },
  balancesTransferable: {
    summary: 'Transferable BRC-20 inscriptions of an address',
    params: AddressParamSchema,
    query: textParams('tick').partial(),
    description: '`tick` (optional) narrows to one token.',
    payload: Brc20TransferablesPayloadSchema,
    isStable: true,
  },
  balancesActivity: {
    summary: 'BRC-20 activity of an address',
    params: AddressParamSchema,
    query: Brc20PageQuerySchema,
    payload: Brc20ActivityPayloadSchema,
    isStable: true,
  },
} satisfies Record<string, RouteDocs>;

/** The BRC-20 read API (ADR 015), answered from our own index in the envelope. */
export function brc20Routes(app: FastifyInstance, { db, env }: AppDeps): void {
  const deps: Brc20Deps = { db, network: env.BITCOIN_NETWORK };
  const address = (params: unknown) => parseAddressParam(params, env.BITCOIN_NETWORK);
  const page = (query: unknown) => parseInput(Brc20PageQuerySchema, query, 'query');
  const ok = <T>(payload: T) => ({ success: true, payload });

  app.get('/api/brc20/tokens', documented(docs.tokens), async (request) =>
    ok(await listTokens(deps, parseInput(Brc20TokensQuerySchema, request.query, 'query'))),
  );
  app.get<{ Params: TickParams }>(
    '/api/brc20/tokens/:tick',
    documented(docs.token),
    async (request) => ok(await getToken(deps, request.params.tick)),
  );
  app.get<{ Params: TickParams }>(
    '/api/brc20/tokens/:tick/holders',
    documented(docs.tokensHolders),
    async (request) => ok(await tokenHolders(deps, request.params.tick, page(request.query))),
  );
  app.get<{ Params: TickParams }>(
    '/api/brc20/tokens/:tick/activity',
    documented(docs.tokensActivity),
    async (request) => ok(await tokenActivity(deps, request.params.tick, page(request.query))),
  );
  app.get('/api/brc20/balances/:address', documented(docs.balances), async (request) =>
    ok(await addressBalances(deps, address(request.params))),
  );
  app.get(
    '/api/brc20/balances/:address/transferable',
    documented(docs.balancesTransferable),
    async (request) => {
      const { tick } = (request.query ?? {}) as { tick?: unknown };
      if (tick !== undefined && typeof tick !== 'string')
        throw invalidInput('tick must be a string', 'tick');
      return ok(await addressTransferables(deps, address(request.params), tick));
    },
  );
  app.get(
    '/api/brc20/balances/:address/activity',
    documented(docs.balancesActivity),
    async (request) =>
      ok(await addressActivity(deps, address(request.params), page(request.query))),
  );
}
