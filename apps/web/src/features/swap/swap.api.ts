import {
  BRC20SWAP_PATH,
  FAILED_TO_BROADCAST_SWAP,
  FAILED_TO_FETCH_SWAP_PSBT,
  FAILED_TO_FETCH_SWAP_TX_SIZE,
  httpError,
  SendSwapPsbtSchema,
  SwapOrderSchema,
  SwapPoolListSchema,
  SwapPoolsInfoSchema,
  SwapPsbtSchema,
  SwapTxSizeSchema,
  type SendSwapPsbtBody,
  type SwapPoolsInfoBody,
  type SwapPsbtBody,
  type SwapTxSizeBody,
} from '@om/core';
import type { PayloadSchema } from '../../lib/api-client.ts';

// The swap service's calls (product.md#market-calls "BRC-20 swap service", ADR 017): DotSwap's
// envelope { code, msg, data, req_id }, not the app's, so a client of its own. product.md#errors:
// a call fails when HTTP is not ok, or code is not 0, or there is no data; the message comes from
// the response or is the call's own text; the pools poll says 'HTTP error! status: {n}'.

const FAILED_TO_FETCH_SWAP_ORDER = 'Failed to fetch swap order';
const FAILED_TO_FETCH_SWAP_POOLS = 'Failed to fetch swap pools';

/** A refused or failed swap call: the text to show, and the envelope's code when there was one. */
export class SwapApiError extends Error {
  override readonly name = 'SwapApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

type Call<T> = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  schema: PayloadSchema<T>;
  /** The text when the response gives none (HTTP status at hand). */
  fallback: (status: number) => string;
  /** The pools poll reports the HTTP status whatever the body says. */
  statusFirst?: boolean;
  signal?: AbortSignal;
};

async function swapCall<T>(call: Call<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${BRC20SWAP_PATH}${call.path}`, {
      method: call.method,
      headers: {
        Accept: 'application/json',
        ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: call.signal,
    });
  } catch (error) {
    if (call.signal?.aborted) throw error;
    // No response at all: nothing to quote but the call's own text.
    throw new SwapApiError(call.fallback(0), 0, undefined);
  }
  const { status } = response;
  if (!response.ok && call.statusFirst)
    throw new SwapApiError(httpError(status), status, undefined);
  const envelope = await readEnvelope(response);
  const msg = envelope?.msg || call.fallback(status);
  if (!response.ok || envelope?.code !== 0 || envelope.data == null) {
    throw new SwapApiError(msg, status, envelope?.code);
  }
  const parsed = call.schema.safeParse(envelope.data);
  if (!parsed.success) {
    console.error('Unexpected swap answer', parsed.error);
    throw new SwapApiError(call.fallback(status), status, envelope.code);
  }
  return parsed.data;
}

type Envelope = { code: number | undefined; msg: string; data: unknown };

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(await response.text());
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const { code, msg, data } = json as Record<string, unknown>;
  return {
    code: typeof code === 'number' ? code : undefined,
    msg: typeof msg === 'string' ? msg.trim() : '',
    data,
  };
}

const post = <T>(
  path: string,
  body: unknown,
  schema: PayloadSchema<T>,
  fallback: string,
  signal?: AbortSignal,
) => swapCall({ method: 'POST', path, body, schema, fallback: () => fallback, signal });

export const swapApi = {
  /** Polled every 7 s (product.md#market-calls). */
  poolsInfo: (body: SwapPoolsInfoBody, signal?: AbortSignal) =>
    swapCall({
      method: 'POST',
      path: '/swap_pools_info',
      body,
      schema: SwapPoolsInfoSchema,
      fallback: httpError,
      statusFirst: true,
      signal,
    }),
  txSize: (body: SwapTxSizeBody, signal?: AbortSignal) =>
    post('/get_swap_psbt_txsize', body, SwapTxSizeSchema, FAILED_TO_FETCH_SWAP_TX_SIZE, signal),
  psbt: (body: SwapPsbtBody) =>
    post('/get_swap_psbt', body, SwapPsbtSchema, FAILED_TO_FETCH_SWAP_PSBT),
  send: (body: SendSwapPsbtBody) =>
    post('/send_swap_psbt', body, SendSwapPsbtSchema, FAILED_TO_BROADCAST_SWAP),
  order: (orderId: string, signal?: AbortSignal) =>
    swapCall({
      method: 'GET',
      path: `/order?order_id=${encodeURIComponent(orderId)}`,
      schema: SwapOrderSchema,
      fallback: () => FAILED_TO_FETCH_SWAP_ORDER,
      signal,
    }),
  pools: (signal?: AbortSignal) =>
    swapCall({
      method: 'GET',
      path: '/pools',
      schema: SwapPoolListSchema,
      fallback: () => FAILED_TO_FETCH_SWAP_POOLS,
      signal,
    }),
};
