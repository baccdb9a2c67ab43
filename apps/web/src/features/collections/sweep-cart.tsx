import { Suspense, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { BuyDialog } from '../trade/lazy-trade-dialogs.tsx';
import type { BuyItem } from '../trade/purchase.mutations.ts';
import { btcText } from '../../lib/trade-format.ts';
import { sweepTotal, toBuyItem, tooManyText, type ListedInscription } from './sweep-selection.ts';

/**
 * The sweep cart (Magic Eden's): a bar that stays in view while items are selected, with their
 * total and 'Buy selected', which buys them all in one transaction. The open dialog keeps the
 * items it was opened with: a sale clears the selection while the dialog follows the transaction.
 */
export function SweepCart({
  selected,
  onClear,
}: {
  /** Listed items of others, as the grid shows them now. */
  selected: readonly ListedInscription[];
  onClear: () => void;
}) {
  const [buying, setBuying] = useState<readonly BuyItem[] | null>(null);
  const tooMany = tooManyText(selected.length);

  return (
    <>
      {selected.length > 0 ? (
        <section
          aria-label="Selected items"
          className="sticky bottom-4 z-10 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-brand-500/40 bg-zinc-900/95 px-4 py-3 shadow-xl shadow-black/40 backdrop-blur"
        >
          <p className="text-sm text-zinc-100" aria-live="polite">
            {selected.length} selected · total{' '}
            <span className="font-mono tabular-nums">{btcText(sweepTotal(selected))}</span>
          </p>
          {tooMany ? (
            <p role="alert" className="text-sm text-red-300">
              {tooMany}
            </p>
          ) : null}
          <div className="ml-auto flex gap-2">
            <Button variant="ghost" onClick={onClear}>
              Clear
            </Button>
            <Button
              variant="primary"
              disabled={tooMany !== undefined}
              onClick={() => setBuying(selected.map(toBuyItem))}
            >
              Buy selected
            </Button>
          </div>
        </section>
      ) : null}
      <Suspense fallback={null}>
        {buying ? (
          <BuyDialog
            open
            onClose={() => setBuying(null)}
            items={buying}
            label={buying.length === 1 ? (buying[0]?.label ?? '1 item') : `${buying.length} items`}
            onBought={onClear}
          />
        ) : null}
      </Suspense>
    </>
  );
}
