import {
  CATEGORY_FETCH_SIZE,
  CategoriesPayloadSchema,
  CollectionInscriptionsPayloadSchema,
  CollectionPayloadSchema,
  CollectionsPayloadSchema,
  CollectionTraitsPayloadSchema,
  FloorChartPayloadSchema,
  INSCRIPTIONS_PAGE_SIZE,
  hasNextPage,
  pageOffset,
} from '@om/core';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { CollectionListParams } from './collection-list-params.ts';
import { inscriptionsRequestParams, type InscriptionFilters } from './inscription-filters.ts';

/** Rows per request of the collection list. */
const COLLECTIONS_PAGE_SIZE = 50;

const collectionPath = (slug: string) => `/api/collections/${encodeURIComponent(slug)}`;

/**
 * The market's collections. Everything about one collection sits under `bySlug(slug)`, so a
 * market event for it refreshes its stats, chart and items with one invalidation.
 */
export const collectionQueries = {
  all: () => ['collections'] as const,
  lists: () => [...collectionQueries.all(), 'list'] as const,
  bySlug: (slug: string) => [...collectionQueries.all(), 'by-slug', slug] as const,

  /** GET /api/collections: pages of 50 while the last page came back full. */
  list: (params: CollectionListParams) =>
    infiniteQueryOptions({
      queryKey: [...collectionQueries.lists(), params],
      queryFn: ({ pageParam, signal }) => {
        const query = new URLSearchParams({
          limit: String(COLLECTIONS_PAGE_SIZE),
          offset: String(pageParam),
          sort: params.sort,
        });
        if (params.search) query.set('search', params.search);
        if (params.category) query.set('category', params.category);
        return api.get(`/api/collections?${query}`, CollectionsPayloadSchema, { signal });
      },
      initialPageParam: 0,
      getNextPageParam: (last, pages) =>
        hasNextPage(last.collections.length, COLLECTIONS_PAGE_SIZE)
          ? pageOffset(pages.length, COLLECTIONS_PAGE_SIZE)
          : undefined,
      placeholderData: keepPreviousData,
    }),

  /**
   * Every category, fetched in batches of 1000 until a batch comes back short
   * (product.md#market-screens).
   */
  categories: () =>
    queryOptions({
      queryKey: [...collectionQueries.all(), 'categories'],
      queryFn: async ({ signal }) => {
        const categories: { category: string; count: number }[] = [];
        for (let offset = 0; ; offset += CATEGORY_FETCH_SIZE) {
          const query = `offset=${offset}&limit=${CATEGORY_FETCH_SIZE}`;
          const batch = await api.get(
            `/api/collections/categories?${query}`,
            CategoriesPayloadSchema,
            {
              signal,
            },
          );
          categories.push(...batch.categories);
          if (!hasNextPage(batch.categories.length, CATEGORY_FETCH_SIZE)) return categories;
        }
      },
      staleTime: 5 * 60_000,
    }),

  /** GET /api/collections/{slug}: the collection and its stats row. */
  detail: (slug: string) =>
    queryOptions({
      queryKey: [...collectionQueries.bySlug(slug), 'detail'],
      queryFn: ({ signal }) => api.get(collectionPath(slug), CollectionPayloadSchema, { signal }),
    }),

  /** The floor series; the server refuses any period but the spec's four, with its message. */
  floorChart: (slug: string, period: string) =>
    queryOptions({
      queryKey: [...collectionQueries.bySlug(slug), 'floor-chart', period],
      queryFn: ({ signal }) =>
        api.get(
          `${collectionPath(slug)}/floor-chart?${new URLSearchParams({ period })}`,
          FloorChartPayloadSchema,
          { signal },
        ),
    }),

  /** Items, 20 per page; the next page is asked for only when the last one was full. */
  inscriptions: (slug: string, filters: InscriptionFilters) =>
    infiniteQueryOptions({
      queryKey: [...collectionQueries.bySlug(slug), 'inscriptions', filters],
      queryFn: ({ pageParam, signal }) =>
        api.get(
          `${collectionPath(slug)}/inscriptions?${inscriptionsRequestParams(filters, pageParam)}`,
          CollectionInscriptionsPayloadSchema,
          { signal },
        ),
      initialPageParam: 0,
      getNextPageParam: (last, pages) =>
        hasNextPage(last.inscriptions.length, INSCRIPTIONS_PAGE_SIZE)
          ? pageOffset(pages.length, INSCRIPTIONS_PAGE_SIZE)
          : undefined,
      placeholderData: keepPreviousData,
    }),

  /** The attribute filter: categories with their values and how many items have each. */
  traits: (slug: string) =>
    queryOptions({
      queryKey: [...collectionQueries.bySlug(slug), 'traits'],
      queryFn: async ({ signal }) =>
        (await api.get(`${collectionPath(slug)}/traits`, CollectionTraitsPayloadSchema, { signal }))
          .traits,
      staleTime: 60_000,
    }),
};
