import {
  CategoriesQuerySchema,
  CollectionInscriptionsQuerySchema,
  CollectionSlugParamSchema,
  CollectionsQuerySchema,
  FloorChartQuerySchema,
  INVALID_CHART_PERIOD,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { invalidInput } from '../../http/app-error.ts';
import { parseInput } from '../../http/validate.ts';
import { inscriptionsPageJson, unknownCollection } from './collection-pages.service.ts';
import {
  collectionTraits,
  findCollection,
  floorChart,
  listCategories,
  listCollections,
} from './collections.queries.ts';
import { PageCache } from './page-cache.ts';

// Browsing collections (issue 4, spec 001 §2 "Collection browsing"): read-only, no sign-in.
// A collection under review reads as unknown.

export function collectionsRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const pages = new PageCache(env.PAGE_CACHE_MB * 1024 * 1024);
  app.get('/api/collections', async (request) => {
    const query = parseInput(CollectionsQuerySchema, request.query, 'query');
    return { success: true, payload: await listCollections(db, query) };
  });

  app.get('/api/collections/categories', async (request) => {
    const query = parseInput(CategoriesQuerySchema, request.query, 'query');
    return { success: true, payload: { categories: await listCategories(db, query) } };
  });

  app.get('/api/collections/:slug', async (request) => {
    const { slug } = parseInput(CollectionSlugParamSchema, request.params, 'params');
    const payload = await findCollection(db, slug);
    if (!payload) throw unknownCollection(slug);
    return { success: true, payload };
  });

  app.get('/api/collections/:slug/floor-chart', async (request) => {
    const { slug } = parseInput(CollectionSlugParamSchema, request.params, 'params');
    // The spec's own message for any other period (spec 001 §2), not a generic one.
    const period = FloorChartQuerySchema.safeParse(request.query ?? {});
    if (!period.success) throw invalidInput(INVALID_CHART_PERIOD, 'period');
    const payload = await floorChart(db, slug, period.data.period);
    if (!payload) throw unknownCollection(slug);
    return { success: true, payload };
  });

  app.get('/api/collections/:slug/inscriptions', async (request, reply) => {
    const { slug } = parseInput(CollectionSlugParamSchema, request.params, 'params');
    const query = parseInput(CollectionInscriptionsQuerySchema, request.query, 'query');
    const json = await inscriptionsPageJson(db, pages, slug, query);
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/api/collections/:slug/traits', async (request) => {
    const { slug } = parseInput(CollectionSlugParamSchema, request.params, 'params');
    const payload = await collectionTraits(db, slug);
    if (!payload) throw unknownCollection(slug);
    return { success: true, payload };
  });
}
