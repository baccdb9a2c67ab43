import { COLLECTION_SORTS, type CollectionSort } from '@om/core';

/** The collection list's search, category and sort, kept in the URL (?q=&category=&sort=). */
export type CollectionListParams = { search: string; category: string; sort: CollectionSort };

const DEFAULT_COLLECTION_SORT: CollectionSort = 'volume_desc';

export function readCollectionListParams(params: URLSearchParams): CollectionListParams {
  const sort = params.get('sort');
  return {
    search: params.get('q')?.trim() ?? '',
    category: params.get('category')?.trim() ?? '',
    sort: COLLECTION_SORTS.includes(sort as CollectionSort)
      ? (sort as CollectionSort)
      : DEFAULT_COLLECTION_SORT,
  };
}

/** The URL with `changes` applied; empty values and the default sort are left out. */
export function writeCollectionListParams(
  params: URLSearchParams,
  changes: Partial<CollectionListParams>,
): URLSearchParams {
  const next = { ...readCollectionListParams(params), ...changes };
  const out = new URLSearchParams(params);
  setOrDelete(out, 'q', next.search.trim());
  setOrDelete(out, 'category', next.category);
  setOrDelete(out, 'sort', next.sort === DEFAULT_COLLECTION_SORT ? '' : next.sort);
  return out;
}

function setOrDelete(params: URLSearchParams, name: string, value: string): void {
  if (value === '') params.delete(name);
  else params.set(name, value);
}

/** The sortable columns of the table; floor sorts both ways, the others biggest first. */
export type SortableColumn =
  'name' | 'floor' | 'change' | 'volume1d' | 'volume' | 'listed' | 'owners';

const COLUMN_SORTS: Record<SortableColumn, readonly CollectionSort[]> = {
  name: ['name_asc'],
  floor: ['floor_asc', 'floor_desc'],
  change: ['change_desc'],
  volume1d: ['volume_1d_desc'],
  volume: ['volume_desc'],
  listed: ['listed_desc'],
  owners: ['owners_desc'],
};

/** The sort a click on a column header asks for: its first sort, or the next one of it. */
export function nextColumnSort(column: SortableColumn, current: CollectionSort): CollectionSort {
  const sorts = COLUMN_SORTS[column];
  const at = sorts.indexOf(current);
  return sorts[(at + 1) % sorts.length]!;
}

/** aria-sort of a column header for the current sort. */
export function columnSortState(
  column: SortableColumn,
  current: CollectionSort,
): 'ascending' | 'descending' | 'none' {
  if (!COLUMN_SORTS[column].includes(current)) return 'none';
  return current.endsWith('_asc') ? 'ascending' : 'descending';
}

export const COLLECTION_SORT_LABELS: Record<CollectionSort, string> = {
  volume_desc: 'Total volume',
  volume_1d_desc: '1d volume',
  floor_asc: 'Floor: low to high',
  floor_desc: 'Floor: high to low',
  listed_desc: 'Most listed',
  owners_desc: 'Most owners',
  change_desc: 'Floor change',
  name_asc: 'Name',
  newest: 'Newest',
};
