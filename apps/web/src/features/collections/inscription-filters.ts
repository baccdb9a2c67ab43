import {
  INSCRIPTION_SORTS,
  INSCRIPTIONS_PAGE_SIZE,
  INVALID_BTC_AMOUNT,
  ORDER_STATUS_FILTERS,
  MIN_PRICE_SATS,
  PRICE_BELOW_MINIMUM,
  parseBtcToSats,
  type InscriptionSort,
} from '@om/core';

/**
 * The inscriptions filter of a collection page (product.md#market-screens: attributes, order
 * status, minimum and maximum price), kept in the URL so a filtered view is a link. Prices stay in
 * BTC as typed; they become sats only in the request.
 */
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
export type InscriptionFilters = {
  status: OrderStatusFilter;
  /** BTC as typed, '' when unset. */
  minBtc: string;
  maxBtc: string;
  sort: InscriptionSort;
  /** 'Category:Value', the API's trait filter. */
  traits: string[];
  search: string;
};

const DEFAULT_INSCRIPTION_SORT: InscriptionSort = 'price_asc';
export const DEFAULT_INSCRIPTION_FILTERS: InscriptionFilters = {
  status: 'all',
  minBtc: '',
  maxBtc: '',
  sort: DEFAULT_INSCRIPTION_SORT,
  traits: [],
  search: '',
};

/** The URL parameter of each filter. */
const FILTER_PARAMS = {
  status: 'status',
  minBtc: 'min',
  maxBtc: 'max',
  sort: 'sort',
  traits: 'trait',
  search: 'q',
} as const;

// product.md#constants-and-limits: the price input's minimum is 0.00001 BTC with a step of one sat.
export const MIN_ABOVE_MAX = 'Min price must not be above max price.';

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The filters a URL asks for; anything unknown falls back to its default. */
export function readInscriptionFilters(params: URLSearchParams): InscriptionFilters {
  return {
    status: oneOf(ORDER_STATUS_FILTERS, params.get(FILTER_PARAMS.status), 'all'),
    minBtc: params.get(FILTER_PARAMS.minBtc)?.trim() ?? '',
    maxBtc: params.get(FILTER_PARAMS.maxBtc)?.trim() ?? '',
    sort: oneOf(INSCRIPTION_SORTS, params.get(FILTER_PARAMS.sort), DEFAULT_INSCRIPTION_SORT),
    traits: [...new Set(params.getAll(FILTER_PARAMS.traits).filter((t) => /^[^:]+:.+$/.test(t)))],
    search: params.get(FILTER_PARAMS.search)?.trim() ?? '',
  };
}

/**
 * The URL for these filters: the filter parameters are replaced, defaults left out, and anything
 * else in the URL (the tab, the chart period) kept.
 */
export function writeInscriptionFilters(
  params: URLSearchParams,
  filters: InscriptionFilters,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(FILTER_PARAMS)) next.delete(name);
  if (filters.status !== 'all') next.set(FILTER_PARAMS.status, filters.status);
  if (filters.minBtc !== '') next.set(FILTER_PARAMS.minBtc, filters.minBtc);
  if (filters.maxBtc !== '') next.set(FILTER_PARAMS.maxBtc, filters.maxBtc);
  if (filters.sort !== DEFAULT_INSCRIPTION_SORT) next.set(FILTER_PARAMS.sort, filters.sort);
  for (const trait of filters.traits) next.append(FILTER_PARAMS.traits, trait);
  if (filters.search !== '') next.set(FILTER_PARAMS.search, filters.search);
  return next;
}

/** 'Background:Blue': how the API names one value of a trait. */
export function traitKey(category: string, value: string): string {
  return `${category}:${value}`;
}

/** The trait list with `trait` added, or removed when it was there. */
export function toggleTrait(traits: readonly string[], trait: string): string[] {
  return traits.includes(trait) ? traits.filter((t) => t !== trait) : [...traits, trait];
}

/** How many filters narrow the list (the badge on the mobile filter button). */
export function activeFilterCount(filters: InscriptionFilters): number {
  return (
    (filters.status === 'all' ? 0 : 1) +
    (filters.minBtc === '' && filters.maxBtc === '' ? 0 : 1) +
    filters.traits.length
  );
}

/** A price field's message, or undefined when it is empty or a valid price. */
export function priceFilterError(btc: string): string | undefined {
  if (btc.trim() === '') return undefined;
  const sats = parseBtcToSats(btc);
  if (sats === undefined) return INVALID_BTC_AMOUNT;
  return sats < MIN_PRICE_SATS ? PRICE_BELOW_MINIMUM : undefined;
}

export type PriceRangeErrors = { minBtc?: string; maxBtc?: string };

/** Each price on its own, then min ≤ max (the message goes on min, as the API puts it). */
export function priceRangeErrors(minBtc: string, maxBtc: string): PriceRangeErrors {
  const errors: PriceRangeErrors = {};
  const minError = priceFilterError(minBtc);
  const maxError = priceFilterError(maxBtc);
  if (minError) errors.minBtc = minError;
  if (maxError) errors.maxBtc = maxError;
  if (minError || maxError || minBtc.trim() === '' || maxBtc.trim() === '') return errors;
  if (parseBtcToSats(minBtc)! > parseBtcToSats(maxBtc)!) errors.minBtc = MIN_ABOVE_MAX;
  return errors;
}

/**
 * The query string of GET /api/collections/{slug}/inscriptions for one page. A price range that
 * does not validate (a hand-edited URL) is left out rather than sent to be refused.
 */
export function inscriptionsRequestParams(
  filters: InscriptionFilters,
  offset: number,
): URLSearchParams {
  const params = new URLSearchParams({
    limit: String(INSCRIPTIONS_PAGE_SIZE),
    offset: String(offset),
    status: filters.status,
    sort: filters.sort,
  });
  const errors = priceRangeErrors(filters.minBtc, filters.maxBtc);
  if (errors.minBtc === undefined && errors.maxBtc === undefined) {
    if (filters.minBtc !== '') params.set('minPrice', String(parseBtcToSats(filters.minBtc)));
    if (filters.maxBtc !== '') params.set('maxPrice', String(parseBtcToSats(filters.maxBtc)));
  }
  for (const trait of filters.traits) params.append('trait', trait);
  if (filters.search !== '') params.set('search', filters.search);
  return params;
}
