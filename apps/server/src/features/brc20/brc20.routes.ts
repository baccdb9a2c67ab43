import { Brc20PageQuerySchema, Brc20TokensQuerySchema } from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
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

/** The BRC-20 read API (issue 14), answered from our own index in the envelope. */
export function brc20Routes(app: FastifyInstance, { db, env }: AppDeps): void {
  const deps: Brc20Deps = { db, network: env.BITCOIN_NETWORK };
  const address = (params: unknown) => parseAddressParam(params, env.BITCOIN_NETWORK);
  const page = (query: unknown) => parseInput(Brc20PageQuerySchema, query, 'query');
  const ok = <T>(payload: T) => ({ success: true, payload });

  app.get('/api/brc20/tokens', async (request) =>
    ok(await listTokens(deps, parseInput(Brc20TokensQuerySchema, request.query, 'query'))),
  );
  app.get<{ Params: TickParams }>('/api/brc20/tokens/:tick', async (request) =>
    ok(await getToken(deps, request.params.tick)),
  );
  app.get<{ Params: TickParams }>('/api/brc20/tokens/:tick/holders', async (request) =>
    ok(await tokenHolders(deps, request.params.tick, page(request.query))),
  );
  app.get<{ Params: TickParams }>('/api/brc20/tokens/:tick/activity', async (request) =>
    ok(await tokenActivity(deps, request.params.tick, page(request.query))),
  );
  app.get('/api/brc20/balances/:address', async (request) =>
    ok(await addressBalances(deps, address(request.params))),
  );
  app.get('/api/brc20/balances/:address/transferable', async (request) => {
    const { tick } = (request.query ?? {}) as { tick?: unknown };
    if (tick !== undefined && typeof tick !== 'string')
      throw invalidInput('tick must be a string', 'tick');
    return ok(await addressTransferables(deps, address(request.params), tick));
  });
  app.get('/api/brc20/balances/:address/activity', async (request) =>
    ok(await addressActivity(deps, address(request.params), page(request.query))),
  );
}
