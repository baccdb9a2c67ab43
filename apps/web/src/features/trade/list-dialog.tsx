import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useAppConfig } from '../config/config.queries.ts';
import { ListingReviewStep } from './listing-review-view.tsx';
import { useListInscriptions } from './listing.mutations.ts';
import {
  MIN_PRICE_BTC,
  PRICE_STEP_BTC,
  priceInputError,
  priceInputToSats,
  satsToPriceInput,
} from './trade-format.ts';
import { DIALOG_HEIGHT, DialogActions, DialogBody } from './trade-ui.tsx';

/** An inscription of the seller's, at its current output. */
export type ListableInscription = {
  inscriptionId: string;
  label: string;
  outpoint: string;
  price?: bigint | null;
};

export const PLATFORM_FEE_NOTE = 'Platform fee: shown before signing';

/** '1%' of 100 bps; the exact fee per item is read from the PSBT in the review step. */
export function platformFeeNote(bps: number | undefined): string {
  if (bps === undefined) return PLATFORM_FEE_NOTE;
  if (bps === 0) return 'Platform fee: none';
  return `Platform fee: ${bps / 100}% of the price, taken from your payout (less in zero-fee collections)`;
}

/** Inscriptions that share an output cannot be listed apart: the output is what is sold. */
export function sharedOutputError(items: readonly ListableInscription[]): string | undefined {
  const seen = new Map<string, string>();
  for (const item of items) {
    const other = seen.get(item.outpoint);
    if (other) return `${other} and ${item.label} share one output; list them one at a time.`;
    seen.set(item.outpoint, item.label);
  }
  return undefined;
}

/**
 * Lists one or several inscriptions with one signature: prices first, then what the listing PSBT
 * pays (read from the PSBT, with the platform fee), then the wallet.
 */
export function ListDialog({
  open,
  onClose,
  items,
}: {
  open: boolean;
  onClose: () => void;
  items: readonly ListableInscription[];
}) {
  const { prepare, sign } = useListInscriptions({ onListed: onClose });
  const close = () => {
    prepare.reset();
    sign.reset();
    onClose();
  };
  const title =
    items.length === 1 ? `List ${items[0]?.label ?? ''}` : `List ${items.length} inscriptions`;
  return (
    <Dialog open={open} onClose={close} title={title} className={DIALOG_HEIGHT}>
      <DialogBody>
        {prepare.data ? (
          <ListingReviewStep
            review={prepare.data.review}
            isSigning={sign.isPending}
            signLabel="Sign and list"
            onBack={() => prepare.reset()}
            onSign={() => prepare.data && sign.mutate(prepare.data)}
          />
        ) : (
          <PriceForm
            items={items}
            isPending={prepare.isPending}
            onCancel={close}
            onSubmit={(prices) =>
              prepare.mutate(items.map((item, i) => ({ ...item, price: prices[i] ?? 0n })))
            }
          />
        )}
      </DialogBody>
    </Dialog>
  );
}

type PriceFields = { prices: string[] };

function PriceForm({
  items,
  isPending,
  onCancel,
  onSubmit,
}: {
  items: readonly ListableInscription[];
  isPending: boolean;
  onCancel: () => void;
  onSubmit: (prices: bigint[]) => void;
}) {
  const { register, handleSubmit, formState } = useForm<PriceFields>({
    defaultValues: {
      prices: items.map((item) => (item.price ? satsToPriceInput(item.price) : '')),
    },
  });
  const shared = sharedOutputError(items);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) =>
        void handleSubmit(({ prices }) => onSubmit(prices.map(priceInputToSats)))(event)
      }
    >
      <ul className="flex max-h-80 flex-col gap-3 overflow-y-auto">
        {items.map((item, i) => {
          const error = formState.errors.prices?.[i]?.message;
          const id = `price-${item.inscriptionId}`;
          return (
            <li key={item.inscriptionId} className="flex flex-col gap-1">
              <label htmlFor={id} className="text-sm text-zinc-300">
                {items.length === 1 ? 'Price (BTC)' : `Price of ${item.label} (BTC)`}
              </label>
              <input
                id={id}
                type="number"
                inputMode="decimal"
                min={MIN_PRICE_BTC}
                step={PRICE_STEP_BTC}
                placeholder={MIN_PRICE_BTC}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className="h-9 rounded-lg border border-zinc-700 bg-zinc-950 px-3 font-mono text-zinc-100 aria-[invalid=true]:border-red-500/60"
                {...register(`prices.${i}`, {
                  validate: (value) => priceInputError(value) ?? true,
                })}
              />
              {error ? (
                <p id={`${id}-error`} className="text-xs text-red-300">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-zinc-400">{platformFeeNote(useAppConfig()?.platformFeeBps)}</p>
      {shared ? (
        <p role="alert" className="text-sm text-red-300">
          {shared}
        </p>
      ) : null}
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={isPending || shared !== undefined}>
          {isPending ? 'Preparing…' : 'Continue'}
        </Button>
      </DialogActions>
    </form>
  );
}
