import type { CollectionSort, CollectionSummary } from '@om/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CollectionIcon } from '../../shared/collection-icon.tsx';
import { btcAmount, count, percentChange, TONE_CLASSES } from '../../lib/collection-format.ts';
import { columnSortState, type SortableColumn } from './collection-list-params.ts';

type Props = {
  collections: CollectionSummary[];
  sort: CollectionSort;
  onSort: (column: SortableColumn) => void;
};

const CELL = 'px-3 py-2.5';
const NUMBER = `${CELL} text-right font-mono tabular-nums whitespace-nowrap`;

/** Desktop: one row per collection, sortable by the stats columns. */
export function CollectionsTable({ collections, sort, onSort }: Props) {
  const header = (column: SortableColumn, label: string, align: 'left' | 'right' = 'right') => (
    <SortHeader column={column} sort={sort} onSort={onSort} align={align}>
      {label}
    </SortHeader>
  );
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-800">
      <table aria-label="Collections" className="w-full text-sm">
        <thead className="bg-zinc-900 text-xs uppercase tracking-wide text-zinc-500">
          <tr>
            {header('name', 'Collection', 'left')}
            {header('floor', 'Floor (BTC)')}
            {header('change', '1d change')}
            {header('volume1d', '1d volume (BTC)')}
            {header('volume', 'Total volume (BTC)')}
            {header('listed', 'Listed')}
            {header('owners', 'Owners')}
            <th scope="col" className={`${CELL} text-right font-medium`}>
              Supply
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800/80">
          {collections.map((c) => {
            const change = percentChange(c.percentChange);
            return (
              <tr key={c.slug} data-testid="collection-row" className="hover:bg-zinc-900/60">
                <td className={CELL}>
                  <Link
                    to={`/collections/${encodeURIComponent(c.slug)}`}
                    className="flex items-center gap-3 font-medium text-zinc-100 hover:text-brand-400"
                  >
                    <CollectionIcon icon={c.icon} name={c.name} />
                    <span className="truncate">{c.name}</span>
                  </Link>
                </td>
                <td className={NUMBER}>{btcAmount(c.floorPrice)}</td>
                <td className={`${NUMBER} ${TONE_CLASSES[change.tone]}`}>{change.text}</td>
                <td className={NUMBER}>{btcAmount(c.volume1d)}</td>
                <td className={NUMBER}>{btcAmount(c.volume)}</td>
                <td className={NUMBER}>{count(c.listedCount)}</td>
                <td className={NUMBER}>{count(c.owners)}</td>
                <td className={NUMBER}>{count(c.supply)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type SortHeaderProps = {
  column: SortableColumn;
  sort: CollectionSort;
  onSort: (column: SortableColumn) => void;
  align: 'left' | 'right';
  children: ReactNode;
};

function SortHeader({ column, sort, onSort, align, children }: SortHeaderProps) {
  const state = columnSortState(column, sort);
  return (
    <th
      scope="col"
      aria-sort={state}
      className={`${CELL} font-medium ${align === 'left' ? 'text-left' : 'text-right'}`}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={`inline-flex items-center gap-1 uppercase tracking-wide hover:text-zinc-200 ${state === 'none' ? '' : 'text-zinc-200'}`}
      >
        {children}
        <span aria-hidden="true" className="text-[10px]">
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : ''}
        </span>
      </button>
    </th>
  );
}

/** Mobile (< 768 px): a card per collection with the same figures. */
export function CollectionCards({ collections }: { collections: CollectionSummary[] }) {
  return (
    <ul aria-label="Collections" className="flex flex-col gap-2">
      {collections.map((c) => {
        const change = percentChange(c.percentChange);
        return (
          <li key={c.slug} data-testid="collection-row">
            <Link
              to={`/collections/${encodeURIComponent(c.slug)}`}
              className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3 hover:border-zinc-700"
            >
              <span className="flex items-center gap-3">
                <CollectionIcon icon={c.icon} name={c.name} className="size-10" />
                <span className="min-w-0 flex-1 truncate font-medium text-zinc-100">{c.name}</span>
                <span className={`font-mono text-xs tabular-nums ${TONE_CLASSES[change.tone]}`}>
                  {change.text}
                </span>
              </span>
              <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-xs">
                <Figure term="Floor">{btcAmount(c.floorPrice)}</Figure>
                <Figure term="1d volume">{btcAmount(c.volume1d)}</Figure>
                <Figure term="Volume">{btcAmount(c.volume)}</Figure>
                <Figure term="Listed">{count(c.listedCount)}</Figure>
                <Figure term="Owners">{count(c.owners)}</Figure>
                <Figure term="Supply">{count(c.supply)}</Figure>
              </dl>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-zinc-500">{term}</dt>
      <dd className="font-mono tabular-nums text-zinc-100">{children}</dd>
    </div>
  );
}
