import {
  FAILED_TO_FETCH_OB_ORDER,
  INSCRIPTION_SERVICE_PATH,
  InscribeOrderSchema,
  PAYMENT_ADDRESS_TIMEOUT,
  PaymentPsbtSchema,
  PriceSchema,
  type InscribeOrder,
  type InscribeRequest,
  type PaymentPsbt,
  type Price,
} from '@om/core';
import { z } from 'zod';
import { ApiError, type PayloadSchema } from '../../lib/api-client.ts';
import { describeError, TradeFlowError } from '../signing/flow-steps.ts';

/**
 * The inscription service (core inscribe.api.ts): OrdinalsBot-shaped, so its answers are the
 * object itself and a refusal is HTTP 4xx `{ status: 'error', error }`, not our envelope.
 * `base` is config.inscriptionServiceUrl; empty means this server.
 */
export const serviceBase = (configured: string | undefined) =>
  (configured || INSCRIPTION_SERVICE_PATH).replace(/\/+$/, '');

/**
 * product.md#states-and-transitions: polled every 5 s until the charge address exists, for at most
 * 5 minutes.
 */
const CHARGE_POLL_MS = 5_000;
const CHARGE_TIMEOUT_MS = 5 * 60_000;

async function serviceCall<T>(
  method: 'GET' | 'POST',
  url: string,
  schema: PayloadSchema<T>,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  let answer: unknown;
  try {
    answer = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    throw new ApiError(response.status, response.statusText || 'Unreadable answer');
  }
  if (!response.ok) {
    const error =
      typeof answer === 'object' && answer !== null && 'error' in answer
        ? String((answer as { error: unknown }).error)
        : `Request failed with status ${response.status}`;
    throw new ApiError(response.status, error);
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new ApiError(response.status, 'Unexpected answer from the service');
  return parsed.data;
}

/** An order read before its charge exists: OrdinalsBot leaves the address out until then. */
const PollOrderSchema = InscribeOrderSchema.extend({
  charge: z.object({ address: z.string().optional(), amount: z.string().optional() }).nullish(),
});
type PollOrder = z.infer<typeof PollOrderSchema>;

export const inscribeService = {
  price: (base: string, body: InscribeRequest) =>
    serviceCall<Price>('POST', `${base}/price`, PriceSchema, body),
  inscribe: (base: string, body: InscribeRequest) =>
    serviceCall<PollOrder>('POST', `${base}/inscribe`, PollOrderSchema, body),
  order: (base: string, id: string, signal?: AbortSignal) =>
    serviceCall<PollOrder>(
      'GET',
      `${base}/order?id=${encodeURIComponent(id)}`,
      PollOrderSchema,
      undefined,
      signal,
    ),
  paymentPsbt: (
    base: string,
    body: { id: string; paymentAddress: string; paymentPublicKey: string; feeRate: number },
  ) => serviceCall<PaymentPsbt>('POST', `${base}/payment-psbt`, PaymentPsbtSchema, body),
  pay: (base: string, body: { id: string; signedPsbt: string }) =>
    serviceCall<PollOrder>('POST', `${base}/pay`, PollOrderSchema, body),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the order (GET {base}/order?id=) at once and then every 5 s until its charge address
 * exists (our service has it from creation; another service may not), giving up after 5 minutes
 * with 'Timed out waiting for payment address'. A failed read is 'Failed to fetch OB order.'.
 */
export async function waitForChargeAddress(base: string, id: string): Promise<InscribeOrder> {
  const started = Date.now();
  for (;;) {
    let order: PollOrder;
    try {
      order = await inscribeService.order(base, id);
    } catch (error) {
      throw new TradeFlowError(FAILED_TO_FETCH_OB_ORDER, describeError(error));
    }
    const { address, amount } = order.charge ?? {};
    if (address && amount) return { ...order, charge: { address, amount } };
    if (Date.now() - started + CHARGE_POLL_MS > CHARGE_TIMEOUT_MS) {
      throw new TradeFlowError(PAYMENT_ADDRESS_TIMEOUT, '');
    }
    await sleep(CHARGE_POLL_MS);
  }
}
