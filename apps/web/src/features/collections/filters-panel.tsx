import { ORDER_STATUS_FILTERS } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { collectionQueries } from './collections.queries.ts';
import {
  activeFilterCount,
  DEFAULT_INSCRIPTION_FILTERS,
  toggleTrait,
  type InscriptionFilters,
  type OrderStatusFilter,
} from './inscription-filters.ts';
import { PriceFilterForm } from './price-filter-form.tsx';
import { TraitFilter } from './trait-filter.tsx';

const STATUS_LABELS: Record<OrderStatusFilter, string> = {
  all: 'All',
  listed: 'Listed',
  unlisted: 'Unlisted',
};

type Props = {
  slug: string;
  filters: InscriptionFilters;
  onChange: (changes: Partial<InscriptionFilters>) => void;
};

/**
 * Order status, price range and attributes (product.md#market-screens); every change lands in the
 * URL.
 */
export function FiltersPanel({ slug, filters, onChange }: Props) {
  const traits = useQuery(collectionQueries.traits(slug));
  return (
    <div className="flex flex-col gap-5 rounded-xl border border-zinc-800 bg-zinc-900/40 p-3">
      {activeFilterCount(filters) > 0 ? (
        <Button
          size="sm"
          variant="ghost"
          className="self-start"
          onClick={() =>
            onChange({
              status: DEFAULT_INSCRIPTION_FILTERS.status,
              minBtc: '',
              maxBtc: '',
              traits: [],
            })
          }
        >
          Clear all filters
        </Button>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <Legend>Status</Legend>
        <div className="grid grid-cols-3 gap-1 rounded-lg bg-zinc-900 p-1">
          {ORDER_STATUS_FILTERS.map((status) => (
            <label
              key={status}
              className={`flex h-8 cursor-pointer items-center justify-center rounded-md text-xs font-medium has-focus-visible:outline-2 has-focus-visible:outline-brand-500 ${
                filters.status === status
                  ? 'bg-zinc-700 text-zinc-50'
                  : 'text-zinc-400 hover:text-zinc-200'
              }`}
            >
              <input
                type="radio"
                name="order-status"
                value={status}
                checked={filters.status === status}
                onChange={() => onChange({ status })}
                className="sr-only"
              />
              {STATUS_LABELS[status]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <Legend>Price</Legend>
        <PriceFilterForm
          key={`${filters.minBtc}|${filters.maxBtc}`}
          minBtc={filters.minBtc}
          maxBtc={filters.maxBtc}
          onApply={(range) => onChange(range)}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-1">
        <Legend>Attributes</Legend>
        {traits.error ? (
          <p className="text-xs text-red-300">{errorMessage(traits.error)}</p>
        ) : traits.isPending ? (
          <p className="text-xs text-zinc-500">Loading attributes…</p>
        ) : (
          <TraitFilter
            traits={traits.data}
            selected={filters.traits}
            onToggle={(trait) => onChange({ traits: toggleTrait(filters.traits, trait) })}
          />
        )}
      </fieldset>
    </div>
  );
}

function Legend({ children }: { children: ReactNode }) {
  return (
    <legend className="mb-2 text-xs font-medium uppercase tracking-wide text-zinc-500">
      {children}
    </legend>
  );
}
