import type { Listing } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useDelist, type PreparedDelist } from './delist.mutations.ts';
import { defaultFeeRate, FeeRatePicker } from '../../shared/fee-rate-picker.tsx';
import { TrackedTransaction } from '../../shared/tracked-transaction.tsx';
import { feeRateText } from '../../lib/trade-format.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import {
  Amount,
  DIALOG_HEIGHT,
  DialogActions,
  DialogBody,
  ReviewRow,
} from '../../shared/trade-ui.tsx';

/**
 * Ends a listing, one of two ways (research §6): off chain for free, which is enough here because
 * the signature never left our server; or on chain, moving the inscription back to the wallet so
 * that no signature over its old output can ever be used.
 */
export function DelistDialog({
  open,
  onClose,
  listing,
  label,
  isOnchainOnly = false,
}: {
  open: boolean;
  onClose: () => void;
  listing: Pick<Listing, 'listingId' | 'inscriptionId'> &
    Partial<Pick<Listing, 'isSnipeProtected'>>;
  label: string;
  /**
   * An exposed listing (product.md#trust-findings finding 2): an off-chain cancel would not end
   * its signature.
   */
  isOnchainOnly?: boolean;
}) {
  const { offchain, prepareOnchain, onchain } = useDelist(listing, { onCanceled: onClose });
  const fees = useQuery({ ...tradeQueries.recommendedFees(), enabled: open });
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const feeRate = chosenRate ?? defaultFeeRate(fees.data);
  const isPending = offchain.isPending || prepareOnchain.isPending || onchain.isPending;
  const close = () => {
    offchain.reset();
    prepareOnchain.reset();
    onchain.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={`Delist ${label}`} className={DIALOG_HEIGHT}>
      <DialogBody>
        {onchain.data ? (
          <>
            <p className="text-sm text-zinc-300">
              The inscription is moving back to your wallet. The listing ends for good once the
              transaction confirms.
            </p>
            <TrackedTransaction txid={onchain.data.txId} />
            <DialogActions>
              <Button variant="primary" onClick={close}>
                Done
              </Button>
            </DialogActions>
          </>
        ) : (
          <>
            <section
              hidden={isOnchainOnly}
              className="flex flex-col gap-2 rounded-lg border border-zinc-800 p-3"
            >
              <h3 className="text-sm font-medium text-zinc-100">Cancel off chain (free)</h3>
              <p className="text-xs leading-relaxed text-zinc-400">
                You sign a message and the listing is removed. Enough here: buyers never see your
                signature, so no one else holds it.
              </p>
              <Button className="self-start" disabled={isPending} onClick={() => offchain.mutate()}>
                {offchain.isPending ? 'Cancelling…' : 'Cancel off chain'}
              </Button>
            </section>
            {listing.isSnipeProtected ? (
              <p className="text-xs leading-relaxed text-zinc-400">
                The inscription stays in your maker wallet: once the listing is cancelled the
                platform co-signs no purchase of it. Withdraw it from the maker wallet on your
                wallet page, or list it again.
              </p>
            ) : (
              <section className="flex flex-col gap-2 rounded-lg border border-zinc-800 p-3">
                <h3 className="text-sm font-medium text-zinc-100">Move on chain</h3>
                <p className="text-xs leading-relaxed text-zinc-400">
                  A transaction sends the inscription back to your own address. It costs a network
                  fee, and every signature ever made for the listing stops working.
                </p>
                {prepareOnchain.data ? (
                  <MoveReview
                    prepared={prepareOnchain.data}
                    signing={onchain.isPending}
                    onSign={() => onchain.mutate(prepareOnchain.data)}
                    onBack={() => prepareOnchain.reset()}
                  />
                ) : (
                  <>
                    <FeeRatePicker
                      fees={fees.data}
                      value={feeRate}
                      onChange={setChosenRate}
                      disabled={isPending}
                    />
                    <Button
                      className="self-start"
                      disabled={isPending}
                      onClick={() => prepareOnchain.mutate(feeRate)}
                    >
                      {prepareOnchain.isPending ? 'Preparing…' : 'Move on chain'}
                    </Button>
                  </>
                )}
              </section>
            )}
            <DialogActions>
              <Button variant="ghost" onClick={close} disabled={isPending}>
                Keep listing
              </Button>
            </DialogActions>
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}

/** The move's fee before the wallet signs it, at the rate chosen. */
function MoveReview({
  prepared,
  signing,
  onSign,
  onBack,
}: {
  prepared: PreparedDelist;
  signing: boolean;
  onSign: () => void;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col gap-2" role="region" aria-label="Move review">
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term={`Network fee (${feeRateText(prepared.feeRate)})`} strong>
          <Amount sats={prepared.fee} />
        </ReviewRow>
      </dl>
      <div className="flex gap-2">
        <Button variant="ghost" disabled={signing} onClick={onBack}>
          Back
        </Button>
        <Button variant="primary" disabled={signing} onClick={onSign}>
          {signing ? 'Moving…' : 'Sign and move'}
        </Button>
      </div>
    </div>
  );
}
