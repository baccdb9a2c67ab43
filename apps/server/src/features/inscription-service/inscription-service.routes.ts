import {
  INSCRIPTION_SERVICE_PATH,
  InscribeRequestSchema,
  PaymentPsbtRequestSchema,
  PayRequestSchema,
} from '@om/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { AppError, STATUS_BY_CODE } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import {
  createInscribeOrder,
  getInscribeOrder,
  priceInscribeOrder,
} from './inscribe-order.service.ts';
import { buildOrderPaymentPsbt, payOrder } from './inscribe-payment.service.ts';

const OrderQuerySchema = z.object({ id: z.string().min(1, 'id is required') });

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  inscribe: {
    tag: 'inscription-service',
    answer: 'ordinalsbot',
    summary: 'Create an inscription order: its charge address',
    body: InscribeRequestSchema,
  },
  order: {
    tag: 'inscription-service',
    answer: 'ordinalsbot',
    summary: 'An inscription order and its state',
    query: OrderQuerySchema,
  },
  price: {
    tag: 'inscription-service',
    answer: 'ordinalsbot',
    summary: 'What an inscription order would cost',
    body: InscribeRequestSchema,
  },
  paymentPsbt: {
    tag: 'inscription-service',
    answer: 'ordinalsbot',
    summary: "A PSBT paying an order from the user's wallet",
    body: PaymentPsbtRequestSchema,
  },
  pay: {
    tag: 'inscription-service',
    answer: 'ordinalsbot',
    summary: 'Pay an order with the signed PSBT',
    body: PayRequestSchema,
  },
} satisfies Record<string, RouteDocs>;

/**
 * Our inscription service (ADR 016) in OrdinalsBot's shape: answers are the object
 * itself, refusals HTTP 4xx `{ status: 'error', error }`. Its worker is started by workers.ts.
 */
export function inscriptionServiceRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  writeLimit: object,
): void {
  void app.register(
    async (service) => {
      service.setErrorHandler((err: FastifyError | Error, request, reply) => {
        if (err instanceof AppError) {
          if (err.code === 'INTERNAL') request.log.error({ err }, 'inscription service failed');
          return reply
            .status(STATUS_BY_CODE[err.code])
            .send({ status: 'error', error: err.message });
        }
        const status = (err as FastifyError).statusCode ?? 500;
        if (status >= 400 && status < 500) {
          return reply.status(status).send({ status: 'error', error: err.message });
        }
        request.log.error({ err }, 'inscription service failed');
        return reply.status(500).send({ status: 'error', error: 'The inscription service failed' });
      });
      const write = { config: writeLimit };

      service.post('/inscribe', documented(docs.inscribe, write), async (request) =>
        createInscribeOrder(deps, parseInput(InscribeRequestSchema, request.body, 'body')),
      );
      service.get('/order', documented(docs.order), async (request) =>
        getInscribeOrder(deps, parseInput(OrderQuerySchema, request.query, 'query').id),
      );
      service.post('/price', documented(docs.price), async (request) =>
        priceInscribeOrder(deps, parseInput(InscribeRequestSchema, request.body, 'body')),
      );
      service.post('/payment-psbt', documented(docs.paymentPsbt, write), async (request) =>
        buildOrderPaymentPsbt(deps, parseInput(PaymentPsbtRequestSchema, request.body, 'body')),
      );
      service.post('/pay', documented(docs.pay, write), async (request) =>
        payOrder(deps, parseInput(PayRequestSchema, request.body, 'body')),
      );
    },
    { prefix: INSCRIPTION_SERVICE_PATH },
  );
}
