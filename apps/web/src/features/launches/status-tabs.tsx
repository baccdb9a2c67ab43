/**
 * The status tabs of the /launches and /auctions lists: buttons with role tab, the chosen one
 * selected (the list under them is the tab panel).
 */
export function StatusTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 border-b border-zinc-800">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          onClick={() => onChange(tab.value)}
          className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-zinc-400 hover:text-zinc-100 aria-selected:border-brand-500 aria-selected:text-zinc-50"
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
