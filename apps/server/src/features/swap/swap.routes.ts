import {
  BRC20SWAP_PATH,
  SendSwapPsbtBodySchema,
  SWAP_CODES,
  SwapOrderQuerySchema,
  SwapPoolsInfoBodySchema,
  SwapPsbtBodySchema,
  SwapTxSizeBodySchema,
} from '@om/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { AppError, STATUS_BY_CODE } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import { swapPools, swapPoolsInfo } from './swap-info.service.ts';
import { getSwapPsbt, swapTxSize } from './swap-order.service.ts';
import { dropQuoteViews } from './swap-quote-cache.ts';
import { SwapRefusal } from './swap-refusal.ts';
import { getSwapOrder, sendSwapPsbt } from './swap-settle.service.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  info: {
    tag: 'brc20swap',
    answer: 'dotswap',
    summary: 'Pool reserves and a quote for a pair',
    body: SwapPoolsInfoBodySchema,
  },
  pools: { tag: 'brc20swap', answer: 'dotswap', summary: 'Swap pools and their reserves' },
  getSwapPsbtTxsize: {
    tag: 'brc20swap',
    answer: 'dotswap',
    summary: 'Size and fee of a swap transaction',
    body: SwapTxSizeBodySchema,
  },
  getSwapPsbt: {
    tag: 'brc20swap',
    answer: 'dotswap',
    summary: 'A swap order: the PSBT to sign',
    body: SwapPsbtBodySchema,
  },
  sendSwapPsbt: {
    tag: 'brc20swap',
    answer: 'dotswap',
    summary: 'Send the signed swap PSBT',
    body: SendSwapPsbtBodySchema,
  },
  order: {
    tag: 'brc20swap',
    answer: 'dotswap',
    summary: 'A swap order and its state',
    query: SwapOrderQuerySchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * The BRC-20 swap (ADR 017) in DotSwap's V2 shape: every answer is the envelope
 * `{ code, msg, data, req_id }`; a refusal the user caused is HTTP 200 with a non-zero code, a
 * malformed body HTTP 400 with code badRequest. Its worker is started by workers.ts.
 */
export function swapRoutes(app: FastifyInstance, deps: AppDeps, writeLimit: object): void {
  void app.register(
    async (swap) => {
      swap.setErrorHandler((err: FastifyError | Error, request, reply) =>
        answerError(err, request, reply),
      );
      const write = { config: writeLimit };
      const ok = (request: FastifyRequest, data: unknown) => ({
        code: SWAP_CODES.ok,
        msg: 'ok',
        data,
        req_id: request.id,
      });

      const info = async (request: FastifyRequest) =>
        ok(
          request,
          await swapPoolsInfo(deps, parseInput(SwapPoolsInfoBodySchema, request.body, 'body')),
        );
      swap.post('/swap_pools_info', documented(docs.info), info);
      // DotSwap serves the same answer under this name too.
      swap.post('/swap_info', documented(docs.info), info);
      swap.get('/pools', documented(docs.pools), async (request) =>
        ok(request, await swapPools(deps)),
      );
      swap.post('/get_swap_psbt_txsize', documented(docs.getSwapPsbtTxsize), async (request) =>
        ok(request, await swapTxSize(deps, parseInput(SwapTxSizeBodySchema, request.body, 'body'))),
      );
      // An order written or moved changes what the next quote sees.
      const dropping = <T>(run: () => Promise<T>) => run().finally(() => dropQuoteViews(deps));
      swap.post('/get_swap_psbt', documented(docs.getSwapPsbt, write), async (request) =>
        ok(
          request,
          await dropping(() =>
            getSwapPsbt(deps, parseInput(SwapPsbtBodySchema, request.body, 'body'), request.ip),
          ),
        ),
      );
      swap.post('/send_swap_psbt', documented(docs.sendSwapPsbt, write), async (request) =>
        ok(
          request,
          await dropping(() =>
            sendSwapPsbt(deps, parseInput(SendSwapPsbtBodySchema, request.body, 'body')),
          ),
        ),
      );
      swap.get('/order', documented(docs.order), async (request) =>
        ok(
          request,
          await getSwapOrder(
            deps,
            parseInput(SwapOrderQuerySchema, request.query, 'query').order_id,
          ),
        ),
      );
    },
    { prefix: BRC20SWAP_PATH },
  );
}

function answerError(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const envelope = (code: number, msg: string) => ({ code, msg, data: null, req_id: request.id });
  if (err instanceof SwapRefusal) return reply.status(200).send(envelope(err.code, err.message));
  if (err instanceof AppError) {
    if (err.code === 'INTERNAL') request.log.error({ err }, 'swap failed');
    const code = err.code === 'INVALID_INPUT' ? SWAP_CODES.badRequest : SWAP_CODES.broadcastRefused;
    return reply.status(STATUS_BY_CODE[err.code]).send(envelope(code, err.message));
  }
  const status = (err as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send(envelope(SWAP_CODES.badRequest, err.message));
  }
  request.log.error({ err }, 'swap failed');
  return reply.status(500).send(envelope(SWAP_CODES.broadcastRefused, 'The swap service failed'));
}
