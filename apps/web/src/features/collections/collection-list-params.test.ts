// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  columnSortState,
  nextColumnSort,
  readCollectionListParams,
  writeCollectionListParams,
} from './collection-list-params.ts';

describe('collection list URL parameters', () => {
  it('reads search, category and sort', () => {
    expect(
      readCollectionListParams(new URLSearchParams('q=punk&category=Art&sort=floor_asc')),
    ).toEqual({
      search: 'punk',
      category: 'Art',
      sort: 'floor_asc',
    });
  });

  it('defaults to the total volume sort and ignores an unknown one', () => {
    expect(readCollectionListParams(new URLSearchParams('sort=hype'))).toEqual({
      search: '',
      category: '',
      sort: 'volume_desc',
    });
  });

  it('writes changes, dropping empty values and the default sort', () => {
    const start = new URLSearchParams('q=punk&sort=floor_asc&other=1');
    expect(writeCollectionListParams(start, { search: '  moon ' }).toString()).toBe(
      'q=moon&sort=floor_asc&other=1',
    );
    expect(writeCollectionListParams(start, { search: '', sort: 'volume_desc' }).toString()).toBe(
      'other=1',
    );
    expect(writeCollectionListParams(start, { category: 'PFP' }).get('category')).toBe('PFP');
  });
});

describe('column sorting', () => {
  it.each([
    ['floor', 'volume_desc', 'floor_asc'],
    ['floor', 'floor_asc', 'floor_desc'],
    ['floor', 'floor_desc', 'floor_asc'],
    ['name', 'volume_desc', 'name_asc'],
    ['volume1d', 'floor_asc', 'volume_1d_desc'],
    ['volume', 'volume_desc', 'volume_desc'],
    ['listed', 'newest', 'listed_desc'],
    ['owners', 'newest', 'owners_desc'],
    ['change', 'newest', 'change_desc'],
  ] as const)('%s clicked under %s sorts by %s', (column, current, next) => {
    expect(nextColumnSort(column, current)).toBe(next);
  });

  it('tells assistive technology which column sorts and how', () => {
    expect(columnSortState('floor', 'floor_asc')).toBe('ascending');
    expect(columnSortState('floor', 'floor_desc')).toBe('descending');
    expect(columnSortState('volume', 'volume_desc')).toBe('descending');
    expect(columnSortState('name', 'name_asc')).toBe('ascending');
    expect(columnSortState('owners', 'volume_desc')).toBe('none');
  });
});
