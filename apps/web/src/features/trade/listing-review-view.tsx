import { shortenAddress } from '../../lib/format.ts';
import type { ListingReview } from './listing-review.ts';
import { ProtectedBadge } from '../../shared/protected-badge.tsx';
import { Amount, ReviewRow, SignActions, SigningRefused } from '../../shared/trade-ui.tsx';

/** What signing the listing PSBT commits to, per inscription, read from the PSBT itself. */
function ListingReviewView({
  review,
  isProtected = false,
}: {
  review: ListingReview;
  /** Listed from the maker wallet (ADR 009): the dialog's second step. */
  isProtected?: boolean;
}) {
  return (
    <section aria-label="Listing review" className="flex flex-col gap-3">
      {isProtected ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-300">
          Step 2 of 2: list from your maker wallet <ProtectedBadge />
        </p>
      ) : null}
      {review.items.map((item) => (
        <dl
          key={item.label}
          aria-label={item.label}
          className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm"
        >
          <p className="pb-1 font-medium text-zinc-100">{item.label}</p>
          <ReviewRow term="Price">
            <Amount sats={item.price} />
          </ReviewRow>
          <ReviewRow term="Platform fee">
            <Amount sats={item.platformFee} />
          </ReviewRow>
          <ReviewRow term="You receive" strong>
            <Amount sats={item.payout} />
          </ReviewRow>
          <p className="pt-1 text-xs text-zinc-500">
            Paid to{' '}
            <span className="font-mono" title={item.payoutAddress}>
              {item.payoutAddress ? shortenAddress(item.payoutAddress) : 'a script'}
            </span>
            , with the {item.postage.toLocaleString('en-US')} sats of the inscription&apos;s output
            back.
          </p>
        </dl>
      ))}
      {review.problems.length > 0 ? (
        <SigningRefused
          title="Not signing: this PSBT does not list what you chose."
          problems={review.problems}
        />
      ) : (
        <p className="text-xs text-zinc-500">
          Your wallet signs each inscription with SIGHASH_SINGLE|ANYONECANPAY: the signature only
          holds for a transaction that pays you the amount above.
          {isProtected
            ? ' It signs with your payment key, and a purchase also needs the platform’s signature.'
            : null}
        </p>
      )}
    </section>
  );
}

/** The listing dialogs' second step: the review, Back, and the signing button. */
export function ListingReviewStep({
  review,
  isProtected = false,
  isSigning,
  signLabel,
  onBack,
  onSign,
}: {
  review: ListingReview;
  isProtected?: boolean;
  isSigning: boolean;
  signLabel: string;
  onBack: () => void;
  onSign: () => void;
}) {
  return (
    <>
      <ListingReviewView review={review} isProtected={isProtected} />
      <SignActions
        onBack={onBack}
        signLabel={signLabel}
        signing={isSigning}
        disabled={review.problems.length > 0}
        onSign={onSign}
      />
    </>
  );
}
