import type { Price } from '@om/core';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { shortenAddress } from '../../lib/format.ts';
import { feeRateText } from '../../lib/trade-format.ts';
import { Amount, DialogActions, ReviewRow, SigningRefused } from '../../shared/trade-ui.tsx';
import type { ServicePaymentReview } from './payment-review.ts';
import type { useServiceOrder } from './service-order.mutations.ts';

const NOT_SIGNING = 'Not signing: this payment does not match the order.';

/** The service's quote, itemised (ADR 015: commit and reveal sizes, postage, service fee). */
function PriceView({ price }: { price: Price }) {
  const baseFee = BigInt(price.baseFee);
  return (
    <section aria-label="Order price" className="flex flex-col gap-2">
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Commit size">{price.commitVsize} vB</ReviewRow>
        <ReviewRow term="Reveal size">{price.revealVsize} vB</ReviewRow>
        <ReviewRow term={`Inscribing fees (${feeRateText(price.feeRate)})`}>
          <Amount sats={BigInt(price.chainFee)} />
        </ReviewRow>
        <ReviewRow term={`Postage (546 sats × ${price.count})`}>
          <Amount sats={BigInt(price.postage)} />
        </ReviewRow>
        <ReviewRow term="Service fee">
          <Amount sats={BigInt(price.serviceFee)} />
        </ReviewRow>
        {baseFee > 0n ? (
          <ReviewRow term="Base fee">
            <Amount sats={baseFee} />
          </ReviewRow>
        ) : null}
        <ReviewRow term="Total" strong>
          <Amount sats={BigInt(price.amount)} />
        </ReviewRow>
      </dl>
    </section>
  );
}

/** What signing commits to, read from the payment PSBT. */
function PaymentReviewView({ review }: { review: ServicePaymentReview }) {
  return (
    <section aria-label="Payment review" className="flex flex-col gap-3">
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Paid to the order">
          <span className="font-mono text-[13px]" title={review.chargeAddress}>
            {shortenAddress(review.chargeAddress)}
          </span>
        </ReviewRow>
        <ReviewRow term="Charge">
          <Amount sats={review.charged} />
        </ReviewRow>
        <ReviewRow term={`Network fee (${feeRateText(review.feeRate)})`}>
          <Amount sats={review.networkFee} />
        </ReviewRow>
        <ReviewRow term="Total" strong>
          <Amount sats={review.total} />
        </ReviewRow>
        <ReviewRow term="Change back to you">
          <Amount sats={review.change} />
        </ReviewRow>
      </dl>
      {review.problems.length > 0 ? (
        <SigningRefused title={NOT_SIGNING} problems={review.problems} />
      ) : null}
    </section>
  );
}

/**
 * The steps after the form: the price, then (Continue) the order and its payment's review, then
 * (Sign and pay) the payment; `onBack` returns to the form.
 */
export function ServiceOrderSteps({
  flow,
  onBack,
  onClose,
  paidText,
}: {
  flow: ReturnType<typeof useServiceOrder>;
  onBack: () => void;
  onClose: () => void;
  paidText: string;
}) {
  const { quote, prepare, pay } = flow;
  if (pay.data) {
    return (
      <>
        <p role="status" className="text-sm text-zinc-300">
          {paidText}
        </p>
        <DialogActions>
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </DialogActions>
      </>
    );
  }
  const prepared = prepare.data;
  const busy = quote.isPending || prepare.isPending || pay.isPending;
  return (
    <>
      {quote.isPending ? <Status text="Asking the price…" /> : null}
      {quote.error ? <Failure error={quote.error} /> : null}
      {quote.data ? <PriceView price={quote.data.price} /> : null}
      {prepare.isPending ? <Status text="Creating the order…" /> : null}
      {prepare.error ? <Failure error={prepare.error} /> : null}
      {prepared ? <PaymentReviewView review={prepared.review} /> : null}
      <DialogActions>
        <Button onClick={onBack} disabled={busy}>
          Back
        </Button>
        {prepared ? (
          <Button
            variant="primary"
            disabled={busy || prepared.review.problems.length > 0}
            onClick={() => pay.mutate(prepared)}
          >
            {pay.isPending ? 'Signing…' : 'Sign and pay'}
          </Button>
        ) : (
          <Button
            variant="primary"
            disabled={busy || !quote.data}
            onClick={() => quote.data && prepare.mutate(quote.data)}
          >
            Continue to payment
          </Button>
        )}
      </DialogActions>
    </>
  );
}

function Status({ text }: { text: string }) {
  return (
    <p role="status" className="text-sm text-zinc-400">
      {text}
    </p>
  );
}

function Failure({ error }: { error: Error }) {
  return (
    <p role="alert" className="text-sm text-red-300">
      {errorMessage(error).trim()}
    </p>
  );
}
