import type { ReactNode } from 'react';
import { Button } from '../components/ui/button.tsx';
import { btcText, satsText } from '../lib/trade-format.ts';

/** A term and its value in a review list. */
export function ReviewRow({
  term,
  children,
  strong = false,
}: {
  term: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1">
      <dt className={strong ? 'font-medium text-zinc-200' : 'text-zinc-400'}>{term}</dt>
      <dd className={`text-right ${strong ? 'font-semibold text-zinc-50' : 'text-zinc-100'}`}>
        {children}
      </dd>
    </div>
  );
}

/** An amount in BTC with the sats under it. */
export function Amount({ sats }: { sats: bigint }) {
  return (
    <span className="flex flex-col items-end">
      <span className="font-mono tabular-nums">{btcText(sats)}</span>
      <span className="text-xs text-zinc-500">{satsText(sats)}</span>
    </span>
  );
}

/** Why the app refuses to sign, in words. */
export function SigningRefused({ title, problems }: { title: string; problems: string[] }) {
  return (
    <div role="alert" className="rounded-lg border border-red-500/30 bg-red-500/10 p-3 text-sm">
      <p className="font-medium text-red-200">{title}</p>
      <ul className="mt-1 list-disc pl-5 text-red-300">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}

/** Trade dialogs stay inside the viewport; their body scrolls. */
export const DIALOG_HEIGHT = 'max-h-[90vh]';

export function DialogBody({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-5 pb-5 pt-3">{children}</div>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2 pt-1">{children}</div>;
}

/**
 * A review's two actions: going back (or cancelling) and signing, which says "Signing…" while the
 * wallet is asked. Both wait while it signs; signing also waits for what `disabled` says (a
 * refused review, no review yet, an expired quote).
 */
export function SignActions({
  backLabel = 'Back',
  onBack,
  signLabel,
  signing,
  disabled = false,
  onSign,
}: {
  backLabel?: string;
  onBack: () => void;
  signLabel: string;
  signing: boolean;
  disabled?: boolean;
  onSign: () => void;
}) {
  return (
    <DialogActions>
      <Button onClick={onBack} disabled={signing}>
        {backLabel}
      </Button>
      <Button variant="primary" disabled={signing || disabled} onClick={onSign}>
        {signing ? 'Signing…' : signLabel}
      </Button>
    </DialogActions>
  );
}
