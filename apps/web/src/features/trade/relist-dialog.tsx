import { MIN_PRICE_BTC, PRICE_STEP_BTC } from '@om/core';
import type { Listing } from '@om/core';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { platformFeeNote } from './list-dialog.tsx';
import { ListingReviewStep } from './listing-review-view.tsx';
import { useRelist } from './listing.mutations.ts';
import {
  btcText,
  priceInputError,
  priceInputToSats,
  satsToPriceInput,
  wireSats,
} from '../../lib/trade-format.ts';
import { DIALOG_HEIGHT, DialogActions, DialogBody } from '../../shared/trade-ui.tsx';

/** Why a price can change off chain here, and where it could not (research §6). */
export const RELIST_EXPLANATION =
  "Our server never shows a seller's signature to buyers, so raising a price is safe off chain. " +
  'On markets that publish signed PSBTs, a buyer who once saw the lower signed price could still ' +
  "buy at it, which is why raising an exposed listing's price needs an on-chain move.";

/** A new price equal to the listed one: nothing to sign, so the user is told so at the field. */
export function unchangedPriceError(
  value: string,
  current: bigint,
  label: string,
): string | undefined {
  return priceInputToSats(value) === current
    ? `The price is unchanged: ${label} is already listed at ${btcText(current)}.`
    : undefined;
}

/** Changes a listing's price: the new price, the PSBT at that price reviewed, then the wallet. */
export function RelistDialog({
  open,
  onClose,
  listing,
  label,
}: {
  open: boolean;
  onClose: () => void;
  listing: Pick<Listing, 'listingId' | 'inscriptionId' | 'outpoint' | 'price'> &
    Partial<Pick<Listing, 'isSnipeProtected'>>;
  label: string;
}) {
  const { prepare, sign } = useRelist({ onChanged: onClose });
  const feeNote = platformFeeNote(useAppConfig()?.platformFeeBps);
  const close = () => {
    prepare.reset();
    sign.reset();
    onClose();
  };
  const current = wireSats(listing.price);
  const { register, handleSubmit, formState } = useForm<{ price: string }>({
    defaultValues: { price: satsToPriceInput(current) },
  });
  const error = formState.errors.price?.message;
  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Change the price of ${label}`}
      className={DIALOG_HEIGHT}
    >
      <DialogBody>
        {prepare.data ? (
          <ListingReviewStep
            review={prepare.data.review}
            isSigning={sign.isPending}
            signLabel="Sign new price"
            onBack={() => prepare.reset()}
            onSign={() => prepare.data && sign.mutate(prepare.data)}
          />
        ) : (
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) =>
              void handleSubmit(({ price }) =>
                prepare.mutate({
                  listingId: listing.listingId,
                  isProtected: listing.isSnipeProtected ?? false,
                  draft: {
                    inscriptionId: listing.inscriptionId,
                    label,
                    outpoint: listing.outpoint,
                    price: priceInputToSats(price),
                  },
                }),
              )(event)
            }
          >
            <p className="text-sm text-zinc-400">
              Listed at <span className="font-mono text-zinc-100">{btcText(current)}</span>
            </p>
            <div className="flex flex-col gap-1">
              <label htmlFor="relist-price" className="text-sm text-zinc-300">
                New price (BTC)
              </label>
              <input
                id="relist-price"
                type="number"
                inputMode="decimal"
                min={MIN_PRICE_BTC}
                step={PRICE_STEP_BTC}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'relist-price-error' : undefined}
                className="h-9 rounded-lg border border-zinc-700 bg-zinc-950 px-3 font-mono text-zinc-100 aria-[invalid=true]:border-red-500/60"
                {...register('price', {
                  validate: (value) =>
                    priceInputError(value) ?? unchangedPriceError(value, current, label) ?? true,
                })}
              />
              {error ? (
                <p id="relist-price-error" className="text-xs text-red-300">
                  {error}
                </p>
              ) : null}
            </div>
            <p className="text-xs text-zinc-400">{feeNote}</p>
            <p className="text-xs leading-relaxed text-zinc-500">{RELIST_EXPLANATION}</p>
            <DialogActions>
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" variant="primary" disabled={prepare.isPending}>
                {prepare.isPending ? 'Preparing…' : 'Continue'}
              </Button>
            </DialogActions>
          </form>
        )}
      </DialogBody>
    </Dialog>
  );
}
