import { shortenAddress } from '../../lib/format.ts';
import type { DepositReview } from './deposit-review.ts';
import { feeRateText } from '../../lib/trade-format.ts';
import { Amount, ReviewRow, SignActions, SigningRefused } from '../../shared/trade-ui.tsx';

/** What signing the deposit commits to, read from its PSBT: each inscription, fee and change. */
function DepositReviewView({ review }: { review: DepositReview }) {
  return (
    <section aria-label="Deposit review" className="flex flex-col gap-3">
      <p className="text-sm text-zinc-300">
        Step 1 of 2: move {review.items.length > 1 ? 'the inscriptions' : 'the inscription'} to your
        maker wallet{' '}
        <span className="font-mono" title={review.makerAddress}>
          {shortenAddress(review.makerAddress)}
        </span>
        .
      </p>
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        {review.items.map((item) => (
          <ReviewRow key={item.label} term={item.label}>
            <span className="font-mono text-[13px]" title={item.address}>
              {item.address ? shortenAddress(item.address) : 'a script'}
            </span>
          </ReviewRow>
        ))}
        <ReviewRow term={`Network fee (${feeRateText(review.feeRate)})`}>
          <Amount sats={review.networkFee} />
        </ReviewRow>
        <ReviewRow term="Change back to you">
          <Amount sats={review.change} />
        </ReviewRow>
      </dl>
      {review.problems.length > 0 ? (
        <SigningRefused
          title="Not signing: this PSBT does not only move your inscription to your maker wallet."
          problems={review.problems}
        />
      ) : (
        <p className="text-xs text-zinc-500">
          Read from the transaction itself: each inscription moves whole to your maker wallet and
          the rest comes back to your payment address. The listing is signed next.
        </p>
      )}
    </section>
  );
}

/** The protected listing's first step: the deposit's review, Back, and the signing button. */
export function DepositReviewStep({
  review,
  isSigning,
  onBack,
  onSign,
}: {
  review: DepositReview;
  isSigning: boolean;
  onBack: () => void;
  onSign: () => void;
}) {
  return (
    <>
      <DepositReviewView review={review} />
      <SignActions
        onBack={onBack}
        signLabel="Sign and move"
        signing={isSigning}
        disabled={review.problems.length > 0}
        onSign={onSign}
      />
    </>
  );
}
