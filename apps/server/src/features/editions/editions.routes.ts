import {
  EditionMintBodySchema,
  EditionMintSubmitBodySchema,
  EditionPriceBodySchema,
  EditionMintPayloadSchema,
} from '@om/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { parseInput } from '../../http/validate.ts';
import { requireSession } from '../auth/auth-guard.ts';
import type { SessionClaims } from '../../http/auth-token.ts';
import { mintEditions } from './edition-mint.service.ts';
import { getEditionOrder, submitEditionMint } from './edition-submit.service.ts';
import { quoteEditions } from './edition-terms.ts';

const OrderParamSchema = z.object({ orderId: z.uuid('orderId must be an order id') });

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  price: { summary: 'Price of n editions', body: EditionPriceBodySchema },
  mint: {
    summary: 'Order editions: the payment PSBT to sign',
    body: EditionMintBodySchema,
    payload: EditionMintPayloadSchema,
  },
  mintSubmit: { summary: 'Submit the signed edition payment', body: EditionMintSubmitBodySchema },
  order: { summary: 'State of an edition order', params: OrderParamSchema },
} satisfies Record<string, RouteDocs>;

/**
 * Minting editions (product.md#market-calls "Launch mint and offers"; ADR 011): a quote for anyone,
 * an order and its payment for the signed-in buyer, the order's state for anyone with its id.
 */
export function editionsRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  const signedIn = { config: writeLimit, preHandler: requireSession(deps.jwtSecret) };
  const session = (request: FastifyRequest) => request.session as SessionClaims;

  app.post('/api/launchpad/editions/price', documented(docs.price), async (request) => {
    const body = parseInput(EditionPriceBodySchema, request.body, 'body');
    return { success: true, payload: await quoteEditions(deps, body) };
  });

  app.post('/api/launchpad/editions/mint', documented(docs.mint, signedIn), async (request) => {
    const body = parseInput(EditionMintBodySchema, request.body, 'body');
    return { success: true, payload: await mintEditions(deps, session(request), body, request.ip) };
  });

  app.post(
    '/api/launchpad/editions/mint/submit',
    documented(docs.mintSubmit, signedIn),
    async (request) => {
      const body = parseInput(EditionMintSubmitBodySchema, request.body, 'body');
      return { success: true, payload: await submitEditionMint(deps, session(request), body) };
    },
  );

  app.get('/api/launchpad/editions/order/:orderId', documented(docs.order), async (request) => {
    const { orderId } = parseInput(OrderParamSchema, request.params, 'params');
    return { success: true, payload: await getEditionOrder(deps, orderId) };
  });
}
