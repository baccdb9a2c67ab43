import {
  InscriptionIdParamSchema,
  InscriptionDetailsPayloadSchema,
  InscriptionTransfersPayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
import { notFound } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import { findInscriptionDetails, findTransfers } from './inscriptions.queries.ts';

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  details: {
    summary: 'One inscription from our index',
    params: InscriptionIdParamSchema,
    payload: InscriptionDetailsPayloadSchema,
    isStable: true,
  },
  transfers: {
    summary: 'Every transfer of one inscription',
    params: InscriptionIdParamSchema,
    payload: InscriptionTransfersPayloadSchema,
    isStable: true,
  },
} satisfies Record<string, RouteDocs>;

export function inscriptionsRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get(
    '/api/shared/inscriptions/details/:inscriptionId',
    documented(docs.details),
    async (request) => {
      const { inscriptionId } = parseInput(InscriptionIdParamSchema, request.params, 'params');
      const payload = await findInscriptionDetails(db, inscriptionId);
      if (!payload) throw notFound(`Inscription ${inscriptionId} not found.`);
      return { success: true, payload };
    },
  );

  app.get(
    '/api/shared/inscriptions/:inscriptionId/transfers',
    documented(docs.transfers),
    async (request) => {
      const { inscriptionId } = parseInput(InscriptionIdParamSchema, request.params, 'params');
      const transfers = await findTransfers(db, inscriptionId);
      if (transfers.length === 0) throw notFound(`Inscription ${inscriptionId} not found.`);
      return { success: true, payload: { transfers } };
    },
  );
}
