import { BID_NEEDS_FUNDS, BID_NEEDS_PADDING, BID_NEEDS_WALLET } from '@om/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { shortenAddress } from '../../lib/format.ts';
import { feeRateText } from '../../lib/trade-format.ts';
import {
  Amount,
  DIALOG_HEIGHT,
  DialogActions,
  DialogBody,
  ReviewRow,
  SignActions,
  SigningRefused,
} from '../../shared/trade-ui.tsx';
import type { BidReview } from './bid-review.ts';
import type { BidRequest, PlacedBid, PreparedBid } from './bid.mutations.ts';

/** The server's refusals a deposit or a padding setup in the multisig wallet answers. */
const WALLET_FIXES: Record<string, string> = {
  [BID_NEEDS_WALLET]: 'Deposit into your multisig wallet',
  [BID_NEEDS_FUNDS]: 'Deposit into your multisig wallet',
  [BID_NEEDS_PADDING]: 'Set up padding in your multisig wallet',
};

const REFUSED_BID = 'Do not sign: this bid does not do what you asked.';

type Props = {
  open: boolean;
  onClose: () => void;
  prepare: UseMutationResult<PreparedBid, Error, BidRequest>;
  place: UseMutationResult<PlacedBid, Error, PreparedBid>;
  /** The bid stands: the form follows the auction's new minimum again. */
  onPlaced: () => void;
};

/**
 * The bid's settlement as the browser read it from the PSBT (what it pays, to whom, and where the
 * inscription goes if it wins), signed only when it does what was asked.
 */
export function BidDialog({ open, onClose, prepare, place, onPlaced }: Props) {
  const prepared = prepare.data;
  const canSign =
    prepared !== undefined && prepared.review.problems.length === 0 && !place.isPending;
  const failure = prepare.error ? errorMessage(prepare.error) : undefined;
  const fix = failure && WALLET_FIXES[failure];

  return (
    <Dialog open={open} onClose={onClose} title="Place your bid" className={DIALOG_HEIGHT}>
      <DialogBody>
        {place.data ? (
          <>
            <p role="status" className="text-sm text-zinc-300">
              Your bid stands as the highest. If it still is when the auction ends, it settles
              without you: the inscription goes to your ordinals address.
            </p>
            <DialogActions>
              <Button variant="primary" onClick={onClose}>
                Done
              </Button>
            </DialogActions>
          </>
        ) : (
          <>
            {prepare.isPending ? (
              <p role="status" className="text-sm text-zinc-400">
                Preparing your bid…
              </p>
            ) : failure ? (
              <div role="alert" className="flex flex-col gap-1 text-sm text-red-300">
                <p>Could not prepare the bid: {failure}</p>
                {fix ? (
                  <Link to="/wallet" className="text-brand-400 hover:underline">
                    {fix}
                  </Link>
                ) : null}
              </div>
            ) : prepared ? (
              <BidReviewView review={prepared.review} />
            ) : null}
            <SignActions
              backLabel="Cancel"
              onBack={onClose}
              signLabel="Sign and bid"
              signing={place.isPending}
              disabled={!canSign}
              onSign={() => prepared && place.mutate(prepared, { onSuccess: onPlaced })}
            />
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}

function BidReviewView({ review }: { review: BidReview }) {
  return (
    <section aria-label="Bid review" className="flex flex-col gap-3">
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Your bid">
          <Amount sats={review.amount} />
        </ReviewRow>
        <ReviewRow term="The seller gets">
          <Amount sats={review.sellerGets} />
        </ReviewRow>
        <ReviewRow term="Platform fee">
          <Amount sats={review.platformFee} />
        </ReviewRow>
        <ReviewRow term="Inscription output">
          <Amount sats={review.postage} />
        </ReviewRow>
        <ReviewRow term={`Network fee (${feeRateText(review.feeRate)})`}>
          <Amount sats={review.networkFee} />
        </ReviewRow>
        <ReviewRow term="From your multisig wallet if you win" strong>
          <Amount sats={review.total} />
        </ReviewRow>
        <ReviewRow term="Inscription goes to">
          <span className="font-mono text-[13px]" title={review.winnerAddress}>
            {review.winnerAddress ? shortenAddress(review.winnerAddress) : 'nowhere'}
          </span>
        </ReviewRow>
      </dl>
      <p className="text-xs text-zinc-500">
        Your coins stay in your multisig wallet, held for this bid until it is outbid or the auction
        ends; only the winning bid is ever broadcast.
      </p>
      {review.problems.length > 0 ? (
        <SigningRefused title={REFUSED_BID} problems={review.problems} />
      ) : null}
    </section>
  );
}
