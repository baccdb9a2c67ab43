import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { shortenHash } from '../../lib/inscription-format.ts';
import { defaultFeeRate, FeeRatePicker } from '../../shared/fee-rate-picker.tsx';
import { ProtectedBadge } from '../../shared/protected-badge.tsx';
import { PurchaseReviewView } from './purchase-review-view.tsx';
import { useBuyListings, type BuyItem, type PurchaseResult } from './purchase.mutations.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { TrackedTransaction } from '../../shared/tracked-transaction.tsx';
import { DIALOG_HEIGHT, DialogActions, DialogBody, SignActions } from '../../shared/trade-ui.tsx';

/**
 * Buys listings, one or several in one transaction: the server's offer at the chosen fee rate is
 * decoded here and shown (price, fees, total, where each inscription goes, change) before the
 * wallet is asked; an offer that does not do what the buyer chose is refused. Then the broadcast
 * transaction is followed.
 */
export function BuyDialog({
  open,
  onClose,
  items,
  label,
  onBought,
}: {
  open: boolean;
  onClose: () => void;
  items: readonly BuyItem[];
  label: string;
  /** Once the purchase is broadcast; the dialog stays open to follow it. */
  onBought?: (result: PurchaseResult) => void;
}) {
  const fees = useQuery(tradeQueries.recommendedFees());
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const feeRate = chosenRate ?? defaultFeeRate(fees.data);
  const { quote, buy } = useBuyListings(items);
  const requestQuote = quote.mutate;
  const isFeeRateKnown = !fees.isPending;
  const labels = useMemo(
    () =>
      new Map(
        items.map((item) => [item.inscriptionId, item.label ?? shortenHash(item.inscriptionId)]),
      ),
    [items],
  );

  useEffect(() => {
    if (open && isFeeRateKnown) requestQuote(feeRate);
  }, [open, isFeeRateKnown, feeRate, requestQuote]);

  const close = () => {
    quote.reset();
    buy.reset();
    onClose();
  };
  const prepared = quote.data;
  const canSign =
    prepared !== undefined &&
    prepared.feeRate === feeRate &&
    prepared.review.problems.length === 0 &&
    !quote.isPending &&
    !buy.isPending;

  return (
    <Dialog open={open} onClose={close} title={`Buy ${label}`} className={DIALOG_HEIGHT}>
      <DialogBody>
        {buy.data ? (
          <>
            <p className="text-sm text-zinc-300">
              Your purchase is broadcast.{' '}
              {items.length > 1 ? 'The inscriptions are' : 'The inscription is'} yours once it
              confirms.
            </p>
            <TrackedTransaction txid={buy.data.txId} label="Purchase" />
            {buy.data.setupTxId ? (
              <TrackedTransaction txid={buy.data.setupTxId} label="Padding setup" />
            ) : null}
            <DialogActions>
              <Button variant="primary" onClick={close}>
                Done
              </Button>
            </DialogActions>
          </>
        ) : (
          <>
            <ProtectedPurchaseNote items={items} />
            {isFeeRateKnown ? (
              <FeeRatePicker
                fees={fees.data}
                value={feeRate}
                onChange={setChosenRate}
                disabled={buy.isPending}
              />
            ) : null}
            {quote.isPending || !isFeeRateKnown ? (
              <p role="status" className="text-sm text-zinc-400">
                Preparing the purchase…
              </p>
            ) : quote.error ? (
              <div role="alert" className="flex flex-col gap-2 text-sm text-red-300">
                <p>Could not prepare the purchase: {errorMessage(quote.error)}</p>
                <Button className="self-start" onClick={() => requestQuote(feeRate)}>
                  Try again
                </Button>
              </div>
            ) : prepared ? (
              <PurchaseReviewView review={prepared.review} labels={labels} />
            ) : null}
            <SignActions
              backLabel="Cancel"
              onBack={close}
              signLabel="Sign and buy"
              signing={buy.isPending}
              disabled={!canSign}
              onSign={() => prepared && buy.mutate(prepared, { onSuccess: onBought })}
            />
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}

/**
 * Snipe-protected listings (ADR 009): the platform's signature over the whole purchase is what a
 * replacement with a higher fee cannot have.
 */
function ProtectedPurchaseNote({ items }: { items: readonly BuyItem[] }) {
  const count = items.filter((item) => item.isSnipeProtected).length;
  if (count === 0) return null;
  const text =
    count === items.length
      ? 'This purchase is co-signed by the platform and cannot be sniped: no one can replace your transaction with a higher fee.'
      : `${count} of these ${items.length} items are co-signed by the platform and cannot be sniped: no one can take them with a higher fee.`;
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-lg border border-sky-500/30 bg-sky-500/5 px-3 py-2 text-xs leading-relaxed text-zinc-300">
      <ProtectedBadge />
      <span>{text}</span>
    </p>
  );
}
