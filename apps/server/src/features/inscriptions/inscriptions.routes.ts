import { InscriptionIdParamSchema } from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { notFound } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import { findInscriptionDetails, findTransfers } from './inscriptions.queries.ts';

export function inscriptionsRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get('/api/shared/inscriptions/details/:inscriptionId', async (request) => {
    const { inscriptionId } = parseInput(InscriptionIdParamSchema, request.params, 'params');
    const payload = await findInscriptionDetails(db, inscriptionId);
    if (!payload) throw notFound(`Inscription ${inscriptionId} not found.`);
    return { success: true, payload };
  });

  app.get('/api/shared/inscriptions/:inscriptionId/transfers', async (request) => {
    const { inscriptionId } = parseInput(InscriptionIdParamSchema, request.params, 'params');
    const transfers = await findTransfers(db, inscriptionId);
    if (transfers.length === 0) throw notFound(`Inscription ${inscriptionId} not found.`);
    return { success: true, payload: { transfers } };
  });
}
