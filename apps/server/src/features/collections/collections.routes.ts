import {
  CategoriesQuerySchema,
  CollectionInscriptionsQuerySchema,
  CollectionSlugParamSchema,
  CollectionsQuerySchema,
  FloorChartQuerySchema,
  INVALID_CHART_PERIOD,
  CollectionsPayloadSchema,
  CategoriesPayloadSchema,
  CollectionPayloadSchema,
  FloorChartPayloadSchema,
  CollectionInscriptionsPayloadSchema,
  CollectionTraitsPayloadSchema,
} from '@om/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { documented, type RouteDocs } from '../../http/openapi/route-docs.ts';
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

// Browsing collections (product.md#collections, product.md#market-screens "Collection browsing"):
// read-only, no sign-in. A collection under review reads as unknown.

/** This file's entries in the API reference (ADR 021): the schemas its handlers parse. */
const docs = {
  list: {
    summary: 'Collections with their stats, filtered and sorted',
    query: CollectionsQuerySchema,
    payload: CollectionsPayloadSchema,
    isStable: true,
  },
  categories: {
    summary: 'Collection categories',
    query: CategoriesQuerySchema,
    payload: CategoriesPayloadSchema,
    isStable: true,
  },
  one: {
    summary: 'One collection and its stats',
    params: CollectionSlugParamSchema,
    payload: CollectionPayloadSchema,
    isStable: true,
  },
  floorChart: {
    summary: 'Floor price chart of a collection',
    params: CollectionSlugParamSchema,
    query: FloorChartQuerySchema,
    payload: FloorChartPayloadSchema,
    isStable: true,
  },
  inscriptions: {
    summary: "A page of a collection's inscriptions with their listings",
    params: CollectionSlugParamSchema,
    query: CollectionInscriptionsQuerySchema,
    payload: CollectionInscriptionsPayloadSchema,
    isStable: true,
  },
  traits: {
    summary: 'Traits of a collection and their counts',
    params: CollectionSlugParamSchema,
    payload: CollectionTraitsPayloadSchema,
    isStable: true,
  },
} satisfies Record<string, RouteDocs>;

export function collectionsRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  const pages = new PageCache(env.PAGE_CACHE_MB * 1024 * 1024);
  app.get('/api/collections', documented(docs.list), async (request) => {
    const query = parseInput(CollectionsQuerySchema, request.query, 'query');
    return { success: true, payload: await listCollections(db, query) };
  });

  app.get('/api/collections/categories', documented(docs.categories), async (request) => {
    const query = parseInput(CategoriesQuerySchema, request.query, 'query');
    return { success: true, payload: { categories: await listCategories(db, query) } };
  });

  app.get('/api/collections/:slug', documented(docs.one), async (request) => {
    const { slug } = parseInput(CollectionSlugParamSchema, request.params, 'params');
    const payload = await findCollection(db, slug);
    if (!payload) throw unknownCollection(slug);
    return { success: true, payload };
  });

  app.get('/api/collections/:slug/floor-chart', documented(docs.floorChart), async (request) => {
    const { slug } = parseInput(CollectionSlugParamSchema, request.params, 'params');
    // The spec's own message for any other period (product.md#market-screens), not a generic one.
    const period = FloorChartQuerySchema.safeParse(request.query ?? {});
    if (!period.success) throw invalidInput(INVALID_CHART_PERIOD, 'period');
    const payload = await floorChart(db, slug, period.data.period);
    if (!payload) throw unknownCollection(slug);
    return { success: true, payload };
  });

  app.get(
    '/api/collections/:slug/inscriptions',
    documented(docs.inscriptions),
    async (request, reply) => {
      const { slug } = parseInput(CollectionSlugParamSchema, request.params, 'params');
      const query = parseInput(CollectionInscriptionsQuerySchema, request.query, 'query');
      const json = await inscriptionsPageJson(db, pages, slug, query);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get('/api/collections/:slug/traits', documented(docs.traits), async (request) => {
    const { slug } = parseInput(CollectionSlugParamSchema, request.params, 'params');
    const payload = await collectionTraits(db, slug);
    if (!payload) throw unknownCollection(slug);
    return { success: true, payload };
  });
}
