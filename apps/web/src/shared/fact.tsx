import type { ReactNode } from 'react';

/** One term and its value in a page's grid of facts (a token's or a rune's supply, holders…). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg border border-zinc-800 bg-zinc-900/40 px-3 py-2">
      <dt className="text-xs uppercase tracking-wide text-zinc-500">{term}</dt>
      <dd className="font-mono text-zinc-100">{children}</dd>
    </div>
  );
}
