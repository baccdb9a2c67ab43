// @vitest-environment node
import { INVALID_BTC_AMOUNT, PRICE_BELOW_MINIMUM } from '@om/core';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_INSCRIPTION_FILTERS,
  inscriptionsRequestParams,
  MIN_ABOVE_MAX,
  priceFilterError,
  priceRangeErrors,
  readInscriptionFilters,
  toggleTrait,
  writeInscriptionFilters,
  type InscriptionFilters,
} from './inscription-filters.ts';

const filters = (changes: Partial<InscriptionFilters>): InscriptionFilters => ({
  ...DEFAULT_INSCRIPTION_FILTERS,
  ...changes,
});

describe('readInscriptionFilters', () => {
  it('reads every filter from the URL', () => {
    const params = new URLSearchParams(
      'status=listed&min=0.001&max=0.5&sort=price_desc&trait=Background:Blue&trait=Eyes:Laser&q=punk',
    );
    expect(readInscriptionFilters(params)).toEqual({
      status: 'listed',
      minBtc: '0.001',
      maxBtc: '0.5',
      sort: 'price_desc',
      traits: ['Background:Blue', 'Eyes:Laser'],
      search: 'punk',
    });
  });

  it.each([
    ['', DEFAULT_INSCRIPTION_FILTERS],
    ['status=sold&sort=cheapest', DEFAULT_INSCRIPTION_FILTERS],
    ['trait=nocolon&trait=A:1&trait=A:1', filters({ traits: ['A:1'] })],
    ['trait=Hat:a:b', filters({ traits: ['Hat:a:b'] })],
  ])('falls back to defaults for %j', (query, expected) => {
    expect(readInscriptionFilters(new URLSearchParams(query))).toEqual(expected);
  });
});

describe('writeInscriptionFilters', () => {
  it('round-trips through the URL and keeps the other parameters', () => {
    const wanted = filters({
      status: 'unlisted',
      minBtc: '0.0001',
      maxBtc: '1',
      sort: 'number_asc',
      traits: ['Background:Blue', 'Background:Red'],
      search: '42',
    });
    const params = writeInscriptionFilters(
      new URLSearchParams('tab=activity&period=7 days'),
      wanted,
    );
    expect(params.get('tab')).toBe('activity');
    expect(params.get('period')).toBe('7 days');
    expect(readInscriptionFilters(params)).toEqual(wanted);
  });

  it('leaves defaults out, so the plain page has a plain URL', () => {
    const params = writeInscriptionFilters(
      new URLSearchParams('status=listed&trait=A:1&tab=activity'),
      DEFAULT_INSCRIPTION_FILTERS,
    );
    expect(params.toString()).toBe('tab=activity');
  });
});

describe('toggleTrait and activeFilterCount', () => {
  it('adds and removes a trait value', () => {
    expect(toggleTrait(['A:1'], 'B:2')).toEqual(['A:1', 'B:2']);
    expect(toggleTrait(['A:1', 'B:2'], 'A:1')).toEqual(['B:2']);
  });

  it('counts status, the price range (once) and each trait', () => {
    expect(activeFilterCount(DEFAULT_INSCRIPTION_FILTERS)).toBe(0);
    expect(
      activeFilterCount(
        filters({ status: 'listed', minBtc: '1', maxBtc: '2', traits: ['A:1', 'B:2'] }),
      ),
    ).toBe(4);
    expect(activeFilterCount(filters({ search: 'x', sort: 'price_desc' }))).toBe(0);
  });
});

describe('price validation (product.md#validation: at least 0.00001 BTC, step 1e-8)', () => {
  it.each([
    ['', undefined],
    ['0.00001', undefined],
    ['0.00001000', undefined],
    ['1.5', undefined],
    ['21000000', undefined],
    ['0.000009', PRICE_BELOW_MINIMUM],
    ['0', PRICE_BELOW_MINIMUM],
    ['-1', PRICE_BELOW_MINIMUM],
    ['0.000000001', INVALID_BTC_AMOUNT],
    ['abc', INVALID_BTC_AMOUNT],
    ['1,5', INVALID_BTC_AMOUNT],
  ])('%j → %s', (btc, message) => {
    expect(priceFilterError(btc)).toBe(message);
  });

  it.each([
    ['', '', {}],
    ['0.1', '', {}],
    ['', '0.1', {}],
    ['0.1', '0.1', {}],
    ['0.1', '0.2', {}],
    ['0.2', '0.1', { minBtc: MIN_ABOVE_MAX }],
    ['0.000001', '0.1', { minBtc: PRICE_BELOW_MINIMUM }],
    ['x', '0.000001', { minBtc: INVALID_BTC_AMOUNT, maxBtc: PRICE_BELOW_MINIMUM }],
  ])('range %j..%j → %j', (min, max, errors) => {
    expect(priceRangeErrors(min, max)).toEqual(errors);
  });
});

describe('inscriptionsRequestParams', () => {
  it('asks for 20 from the offset with prices in sats and one trait parameter per value', () => {
    const params = inscriptionsRequestParams(
      filters({
        status: 'listed',
        minBtc: '0.0001',
        maxBtc: '1.23456789',
        traits: ['Background:Blue', 'Eyes:Laser'],
        search: 'punk',
      }),
      40,
    );
    expect(params.toString()).toBe(
      'limit=20&offset=40&status=listed&sort=price_asc&minPrice=10000&maxPrice=123456789' +
        '&trait=Background%3ABlue&trait=Eyes%3ALaser&search=punk',
    );
  });

  it('sends the defaults and no price for an empty filter', () => {
    expect(inscriptionsRequestParams(DEFAULT_INSCRIPTION_FILTERS, 0).toString()).toBe(
      'limit=20&offset=0&status=all&sort=price_asc',
    );
  });

  it('leaves out a range that does not validate (a hand-edited URL)', () => {
    const params = inscriptionsRequestParams(filters({ minBtc: '2', maxBtc: '1' }), 0);
    expect(params.has('minPrice')).toBe(false);
    expect(params.has('maxPrice')).toBe(false);
  });
});
