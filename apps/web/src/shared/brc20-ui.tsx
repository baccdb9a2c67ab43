import type { ReactNode } from 'react';
import { Button } from '../components/ui/button.tsx';

export const CELL = 'px-3 py-2.5';
export const NUMBER = `${CELL} text-right font-mono tabular-nums whitespace-nowrap`;

/** Minted of max supply, as the index gives it ("37.50"), with a bar. */
export function MintProgress({ percent, label }: { percent: string; label: string }) {
  const value = Math.min(100, Math.max(0, Number(percent) || 0));
  return (
    <div className="flex min-w-32 items-center gap-2">
      <div
        role="progressbar"
        aria-label={`${label} mint progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-800"
      >
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${value}%` }} />
      </div>
      <span className="font-mono text-xs text-zinc-300">{percent}%</span>
    </div>
  );
}

/** A bordered table with its column heads. */
export function Table({
  label,
  heads,
  children,
}: {
  label: string;
  heads: { text: string; align?: 'left' | 'right' }[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-800">
      <table aria-label={label} className="w-full text-sm">
        <thead className="bg-zinc-900 text-xs uppercase tracking-wide text-zinc-500">
          <tr>
            {heads.map((head) => (
              <th
                key={head.text}
                scope="col"
                className={`${CELL} font-medium ${head.align === 'right' ? 'text-right' : 'text-left'}`}
              >
                {head.text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800/80">{children}</tbody>
      </table>
    </div>
  );
}

/** Previous / next over pages of `size`, with where we are. */
export function Pager({
  label,
  page,
  size,
  total,
  onPage,
}: {
  label: string;
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-end gap-2 text-sm">
      <Button size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-zinc-400">
        Page {page + 1} of {pages}
      </span>
      <Button size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
