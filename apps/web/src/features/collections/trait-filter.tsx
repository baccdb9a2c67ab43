import type { CollectionTraitsPayload } from '@om/core';
import { count } from '../../lib/collection-format.ts';
import { traitKey } from './inscription-filters.ts';

type Props = {
  traits: CollectionTraitsPayload['traits'];
  selected: readonly string[];
  onToggle: (trait: string) => void;
};

/** Attributes by category, each value with how many items have it; a category opens on demand. */
export function TraitFilter({ traits, selected, onToggle }: Props) {
  if (traits.length === 0) return <p className="text-xs text-zinc-500">No attributes</p>;
  return (
    <ul className="flex flex-col divide-y divide-zinc-800/80">
      {traits.map(({ category, values }) => {
        const chosen = values.filter((v) => selected.includes(traitKey(category, v.value))).length;
        return (
          <li key={category}>
            <details open={chosen > 0 ? true : undefined} className="group py-1">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-md px-1 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800/60">
                <span className="truncate">{category}</span>
                <span className="flex items-center gap-2 text-xs text-zinc-500">
                  {chosen > 0 ? (
                    <span className="rounded-full bg-brand-500/15 px-1.5 text-brand-400">
                      {chosen}
                    </span>
                  ) : null}
                  {values.length}
                  <span aria-hidden="true" className="transition-transform group-open:rotate-90">
                    ›
                  </span>
                </span>
              </summary>
              <ul className="flex max-h-64 flex-col overflow-y-auto pb-1">
                {values.map(({ value, count: n }) => {
                  const key = traitKey(category, value);
                  return (
                    <li key={value}>
                      <label className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-zinc-300 hover:bg-zinc-800/60">
                        <input
                          type="checkbox"
                          aria-label={`${category}: ${value}`}
                          checked={selected.includes(key)}
                          onChange={() => onToggle(key)}
                          className="size-4 accent-brand-500"
                        />
                        <span className="min-w-0 flex-1 truncate">{value}</span>
                        <span className="font-mono text-xs tabular-nums text-zinc-500">
                          {count(n)}
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
