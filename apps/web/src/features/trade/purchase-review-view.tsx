import { shortenAddress } from '../../lib/format.ts';
import { useAppConfig } from '../../shared/config.queries.ts';
import { purchasePlatformFeeNote } from './platform-fee-rule.ts';
import type { PurchaseReview } from './purchase-review.ts';
import { btcText, feeRateText } from '../../lib/trade-format.ts';
import { Amount, ReviewRow, SigningRefused } from '../../shared/trade-ui.tsx';

type Destination = PurchaseReview['destinations'][number];

/**
 * What signing the purchase commits to, read from the PSBT itself: the amounts, then where each
 * inscription goes (one row for a single item, a list with each item's output for several).
 */
export function PurchaseReviewView({
  review,
  labels,
}: {
  review: PurchaseReview;
  /** The market's name of each inscription, by id. */
  labels: ReadonlyMap<string, string>;
}) {
  const isSweep = review.destinations.length > 1;
  return (
    <section aria-label="Purchase review" className="flex flex-col gap-3">
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Price">
          <Amount sats={review.price} />
        </ReviewRow>
        <ReviewRow term={`Network fee (${feeRateText(review.feeRate)})`}>
          <Amount sats={review.networkFee} />
        </ReviewRow>
        <ReviewRow term="Total" strong>
          <Amount sats={review.total} />
        </ReviewRow>
        <PlatformFeeRow review={review} />
        {isSweep
          ? null
          : review.destinations.map((destination) => (
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
      {isSweep ? <ItemDestinations destinations={review.destinations} labels={labels} /> : null}
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
          Read from the transaction itself, not from the server&apos;s quote:{' '}
          {isSweep ? 'each inscription lands' : 'the inscription lands'} first in its own output at
          your ordinals address.
        </p>
      )}
    </section>
  );
}

/**
 * After the total, not before it (product.md#walk-through-fixes item 20): the seller pays the
 * platform fee out of the price, so it is not part of what the buyer pays; the note says so, or why
 * there is none.
 */
function PlatformFeeRow({ review }: { review: PurchaseReview }) {
  const config = useAppConfig();
  const note = config
    ? purchasePlatformFeeNote({
        price: review.price,
        platformFee: review.platformFee,
        feeBps: config.platformFeeBps,
        platformFeeAddress: config.platformFeeAddress,
        network: config.network,
      })
    : null;
  return (
    <ReviewRow term="Platform fee">
      <span className="flex flex-col items-end gap-0.5">
        <Amount sats={review.platformFee} />
        {note ? <span className="max-w-72 text-xs text-zinc-500">{note}</span> : null}
      </span>
    </ReviewRow>
  );
}

function ItemDestinations({
  destinations,
  labels,
}: {
  destinations: readonly Destination[];
  labels: ReadonlyMap<string, string>;
}) {
  return (
    <ul
      aria-label={`${destinations.length} items`}
      className="divide-y divide-zinc-800 rounded-lg border border-zinc-800 bg-zinc-950/60 text-sm"
    >
      {destinations.map((destination) => (
        <li
          key={destination.inscriptionId}
          className="flex items-baseline justify-between gap-3 px-3 py-2"
        >
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium text-zinc-100">
              {labels.get(destination.inscriptionId) ?? destination.inscriptionId}
            </span>
            <span className={`text-xs ${destination.isToBuyer ? 'text-zinc-500' : 'text-red-300'}`}>
              <WhereItGoes destination={destination} />
            </span>
          </span>
          <span className="shrink-0 font-mono tabular-nums text-zinc-100">
            {btcText(destination.price)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function WhereItGoes({ destination }: { destination: Destination }) {
  const { address, vout, isToBuyer } = destination;
  if (vout === undefined) return <>Not delivered by this transaction</>;
  return (
    <>
      Output {vout} →{' '}
      <span className="font-mono" title={address}>
        {address ? shortenAddress(address) : 'a script'}
      </span>{' '}
      ({isToBuyer ? 'your ordinals address' : 'not yours'})
    </>
  );
}
