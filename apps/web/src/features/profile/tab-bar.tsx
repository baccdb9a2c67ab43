import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

export type TabDef<T extends string> = { value: T; label: string };

/** The tab in ?tab=, else the first: a tab is a link that survives a reload. */
export function useTab<T extends string>(tabs: readonly TabDef<T>[]): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]?.value as T;
  const tab = tabs.find((t) => t.value === params.get('tab'))?.value ?? first;
  return [tab, (next) => setParams({ tab: next }, { replace: true })];
}

/** A tab list and the selected tab's panel, tied together for screen readers. */
export function TabBar<T extends string>({
  label,
  tabs,
  tab,
  onSelect,
  children,
}: {
  label: string;
  tabs: readonly TabDef<T>[];
  tab: T;
  onSelect: (tab: T) => void;
  children: ReactNode;
}) {
  return (
    <>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-zinc-800">
        {tabs.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`profile-tab-${t.value}`}
            aria-selected={tab === t.value}
            aria-controls={`profile-panel-${t.value}`}
            onClick={() => onSelect(t.value)}
            className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-zinc-400 hover:text-zinc-100 aria-selected:border-brand-500 aria-selected:text-zinc-50"
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
        {children}
      </div>
    </>
  );
}
