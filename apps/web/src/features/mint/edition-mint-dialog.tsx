import { formatDateTime, type EditionOrder } from '@om/core';
import type { UseMutationResult } from '@tanstack/react-query';
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
import type { EditionMintReview } from './edition-mint-review.ts';
import type { PreparedEditionMint } from './edition-mint.mutations.ts';
import { EditionOrderView } from './edition-order-view.tsx';
import type { MintRequest } from './mint.mutations.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  name: string;
  prepare: UseMutationResult<PreparedEditionMint, Error, MintRequest>;
  mint: UseMutationResult<EditionOrder, Error, PreparedEditionMint>;
};

const NOT_SIGNING = 'Not signing: this payment does not match what you chose.';

/**
 * The edition order as the browser read its payment PSBT (what goes to the order's charge
 * address, the fees, the change), signed only when it pays the order and nothing else; then the
 * order, followed until its editions are inscribed.
 */
export function EditionMintDialog({ open, onClose, name, prepare, mint }: Props) {
  const prepared = prepare.data;
  const canSign =
    prepared !== undefined && prepared.review.problems.length === 0 && !mint.isPending;

  return (
    <Dialog open={open} onClose={onClose} title={`Mint ${name}`} className={DIALOG_HEIGHT}>
      <DialogBody>
        {mint.data ? (
          <>
            <EditionOrderView orderId={mint.data.orderId} />
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
                Preparing the mint…
              </p>
            ) : prepare.error ? (
              <p role="alert" className="text-sm text-red-300">
                Could not prepare the mint: {errorMessage(prepare.error).trim()}
              </p>
            ) : prepared ? (
              <>
                <p className="text-xs text-zinc-400">
                  {prepared.mintCount} reserved for you until{' '}
                  {formatDateTime(new Date(prepared.order.expiresAt))}.
                </p>
                <EditionMintReviewView review={prepared.review} />
              </>
            ) : null}
            <SignActions
              backLabel="Cancel"
              onBack={onClose}
              signLabel="Sign and mint"
              signing={mint.isPending}
              disabled={!canSign}
              onSign={() => prepared && mint.mutate(prepared)}
            />
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}

/** What signing commits to, read from the PSBT (the charge, fee, change) and the order's quote. */
function EditionMintReviewView({ review }: { review: EditionMintReview }) {
  return (
    <section aria-label="Mint review" className="flex flex-col gap-3">
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Editions">{review.mintCount}</ReviewRow>
        <ReviewRow term="Price">
          <Amount sats={review.price} />
        </ReviewRow>
        <ReviewRow term="Platform fee">
          <Amount sats={review.platformFee} />
        </ReviewRow>
        <ReviewRow term="Inscription fee">
          <Amount sats={review.inscriptionFee} />
        </ReviewRow>
        <ReviewRow term="Postage">
          <Amount sats={review.postage} />
        </ReviewRow>
        <ReviewRow term="Paid to the order">
          <span className="font-mono text-[13px]" title={review.chargeAddress}>
            {shortenAddress(review.chargeAddress)}
          </span>
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
