import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';

const ContentParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}i\d+$/, 'Invalid inscription ID format.'),
});

/**
 * /content/{id}: an inscription's raw bytes. The indexer (issue 3) stores content; until an
 * inscription is indexed the answer is a 404 in the API's envelope.
 */
export function contentRoutes(app: FastifyInstance): void {
  app.get('/content/:id', (request) => {
    const { id } = parseInput(ContentParamsSchema, request.params, 'params');
    throw notFound(`Inscription ${id} not found.`);
  });
}
