import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { shortenAddress } from '../../lib/format.ts';
import { defaultFeeRate, FeeRatePicker } from './fee-rate-picker.tsx';
import type { PurchaseItem, PurchaseReview } from './purchase-review.ts';
import { useBuyListings } from './purchase.mutations.ts';
import { tradeQueries } from './trade.queries.ts';
import { feeRateText } from './trade-format.ts';
import { TrackedTransaction } from './tracked-transaction.tsx';
import {
  Amount,
  DIALOG_HEIGHT,
  DialogActions,
  DialogBody,
  ReviewRow,
  SigningRefused,
} from './trade-ui.tsx';

/**
 * Buys listings: the server's offer at the chosen fee rate is decoded here and shown (price,
 * fees, total, where each inscription goes, change) before the wallet is asked; an offer that
 * does not do what the buyer chose is refused. Then the broadcast transaction is followed.
 */
export function BuyDialog({
  open,
  onClose,
  items,
  label,
}: {
  open: boolean;
  onClose: () => void;
  items: readonly PurchaseItem[];
  label: string;
}) {
  const fees = useQuery(tradeQueries.recommendedFees());
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const feeRate = chosenRate ?? defaultFeeRate(fees.data);
  const { quote, buy } = useBuyListings(items);
  const requestQuote = quote.mutate;
  const isFeeRateKnown = !fees.isPending;

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
              Your purchase is broadcast. The inscription is yours once it confirms.
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
              <PurchaseReviewView review={prepared.review} />
            ) : null}
            <DialogActions>
              <Button onClick={close} disabled={buy.isPending}>
                Cancel
              </Button>
              <Button
                variant="primary"
                disabled={!canSign}
                onClick={() => prepared && buy.mutate(prepared)}
              >
                {buy.isPending ? 'Signing…' : 'Sign and buy'}
              </Button>
            </DialogActions>
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}

function PurchaseReviewView({ review }: { review: PurchaseReview }) {
  return (
    <section aria-label="Purchase review" className="flex flex-col gap-3">
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Price">
          <Amount sats={review.price} />
        </ReviewRow>
        <ReviewRow term={`Network fee (${feeRateText(review.feeRate)})`}>
          <Amount sats={review.networkFee} />
        </ReviewRow>
        <ReviewRow term="Platform fee">
          <Amount sats={review.platformFee} />
        </ReviewRow>
        <ReviewRow term="Total" strong>
          <Amount sats={review.total} />
        </ReviewRow>
        {review.destinations.map((destination) => (
          <ReviewRow key={destination.inscriptionId} term="Inscription goes to">
            <span className="font-mono text-[13px]" title={destination.address}>
              {destination.address ? shortenAddress(destination.address) : 'nowhere'}
            </span>
          </ReviewRow>
        ))}
        <ReviewRow term="Change back to you">
          <Amount sats={review.change} />
        </ReviewRow>
        {review.padding > 0n ? (
          <ReviewRow term="Kept as padding">
            <Amount sats={review.padding} />
          </ReviewRow>
        ) : null}
      </dl>
      {review.hasSetup ? (
        <p className="text-xs text-zinc-500">
          Your wallet has no padding outputs yet: a setup transaction creating them is signed in the
          same session and sent along.
        </p>
      ) : null}
      {review.problems.length > 0 ? (
        <SigningRefused
          title="Not signing: this purchase does not match what you chose."
          problems={review.problems}
        />
      ) : (
        <p className="text-xs text-zinc-500">
          Read from the transaction itself, not from the server&apos;s quote: the inscription lands
          first in its own output at your ordinals address.
        </p>
      )}
    </section>
  );
}
