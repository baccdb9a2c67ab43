import { MIN_PRICE_BTC, PRICE_STEP_BTC } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { shortenHash } from '../../lib/inscription-format.ts';
import { DepositReviewStep } from './deposit-review-view.tsx';
import {
  depositedDrafts,
  useInscriptionDeposit,
  type DepositedDrafts,
} from './deposit.mutations.ts';
import { defaultFeeRate, FeeRatePicker } from '../../shared/fee-rate-picker.tsx';
import type { ListableInscription } from './listable-inscription.ts';
import { ListingReviewStep } from './listing-review-view.tsx';
import { useListInscriptions } from './listing.mutations.ts';
import { SnipeProtectionField, useProtectionChoice } from './snipe-protection-field.tsx';
import { TrackedTransaction } from '../../shared/tracked-transaction.tsx';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { priceInputError, priceInputToSats, satsToPriceInput } from '../../lib/trade-format.ts';
import { DIALOG_HEIGHT, DialogActions, DialogBody } from '../../shared/trade-ui.tsx';

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

/** What the price step decides: the prices, and for a protected listing the move's fee rate. */
type ListingChoice = { prices: bigint[]; isProtected: boolean; feeRate: number };

/**
 * Lists one or several inscriptions with one signature: prices first, then what the listing PSBT
 * pays (read from the PSBT, with the platform fee), then the wallet. With snipe protection (ADR
 * 009) the inscriptions first move into the maker wallet, that PSBT reviewed and signed too, and
 * are listed once the move confirms.
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
  const deposit = useInscriptionDeposit();
  const close = () => {
    prepare.reset();
    sign.reset();
    deposit.prepare.reset();
    deposit.sign.reset();
    onClose();
  };
  const listProtected = ({ maker, drafts }: DepositedDrafts) => prepare.mutate({ drafts, maker });
  const submit = ({ prices, isProtected, feeRate }: ListingChoice) => {
    const drafts = items.map((item, i) => ({ ...item, price: prices[i] ?? 0n }));
    if (!isProtected) {
      prepare.mutate({ drafts });
      return;
    }
    deposit.prepare.mutate(
      { drafts, feeRate },
      {
        // Everything already in the maker wallet: straight to the listing.
        onSuccess: (prepared) => {
          if (!prepared.move) listProtected(depositedDrafts(prepared, ''));
        },
      },
    );
  };
  const deposited = deposit.sign.data;
  const toDeposit = deposit.prepare.data;
  const title =
    items.length === 1 ? `List ${items[0]?.label ?? ''}` : `List ${items.length} inscriptions`;
  return (
    <Dialog open={open} onClose={close} title={title} className={DIALOG_HEIGHT}>
      <DialogBody>
        {prepare.data ? (
          <ListingReviewStep
            review={prepare.data.review}
            isProtected={prepare.data.isProtected}
            isSigning={sign.isPending}
            signLabel="Sign and list"
            onBack={() => prepare.reset()}
            onSign={() => prepare.data && sign.mutate(prepare.data)}
          />
        ) : deposited ? (
          <DepositedStep
            deposited={deposited}
            isPending={prepare.isPending}
            onList={() => listProtected(deposited)}
            onClose={close}
          />
        ) : toDeposit?.move ? (
          <DepositReviewStep
            review={toDeposit.move.review}
            isSigning={deposit.sign.isPending}
            onBack={() => deposit.prepare.reset()}
            onSign={() => deposit.sign.mutate(toDeposit)}
          />
        ) : (
          <PriceForm
            items={items}
            isPending={prepare.isPending || deposit.prepare.isPending}
            onCancel={close}
            onSubmit={submit}
          />
        )}
      </DialogBody>
    </Dialog>
  );
}

/**
 * Between the two steps: the inscriptions moved. The server lists only outputs the indexer has
 * placed, that is once the move is in a block, so the listing waits for its confirmation.
 */
function DepositedStep({
  deposited,
  isPending,
  onList,
  onClose,
}: {
  deposited: DepositedDrafts;
  isPending: boolean;
  onList: () => void;
  onClose: () => void;
}) {
  // The same query (and poll) as the tracked transaction under it.
  const isConfirmed = useQuery(tradeQueries.txStatus(deposited.txid)).data?.confirmed === true;
  return (
    <>
      <p role="status" className="text-sm text-zinc-300">
        Moved to your maker wallet in transaction{' '}
        <span className="font-mono" title={deposited.txid}>
          {shortenHash(deposited.txid)}
        </span>
        .{' '}
        {isPending
          ? 'Preparing the listing…'
          : isConfirmed
            ? 'The move is confirmed; it is not listed yet.'
            : 'The listing opens once the move confirms.'}
      </p>
      <TrackedTransaction txid={deposited.txid} label="Move" />
      <DialogActions>
        <Button onClick={onClose} disabled={isPending}>
          Close
        </Button>
        <Button variant="primary" disabled={isPending || !isConfirmed} onClick={onList}>
          {isPending ? 'Preparing…' : 'Continue to listing'}
        </Button>
      </DialogActions>
    </>
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
  onSubmit: (choice: ListingChoice) => void;
}) {
  const { register, handleSubmit, formState } = useForm<PriceFields>({
    defaultValues: {
      prices: items.map((item) => (item.price ? satsToPriceInput(item.price) : '')),
    },
  });
  const { isProtected, reason, setWantsProtection } = useProtectionChoice(items);
  const fees = useQuery({ ...tradeQueries.recommendedFees(), enabled: isProtected });
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const feeRate = chosenRate ?? defaultFeeRate(fees.data);
  const isFeeRatePending = isProtected && fees.isPending;
  const shared = sharedOutputError(items);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) =>
        void handleSubmit(({ prices }) =>
          onSubmit({ prices: prices.map(priceInputToSats), isProtected, feeRate }),
        )(event)
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
      <SnipeProtectionField checked={isProtected} onChange={setWantsProtection} reason={reason} />
      {isProtected && !isFeeRatePending ? (
        <FeeRatePicker fees={fees.data} value={feeRate} onChange={setChosenRate} />
      ) : null}
      {shared ? (
        <p role="alert" className="text-sm text-red-300">
          {shared}
        </p>
      ) : null}
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          type="submit"
          variant="primary"
          disabled={isPending || isFeeRatePending || shared !== undefined}
        >
          {isPending ? 'Preparing…' : 'Continue'}
        </Button>
      </DialogActions>
    </form>
  );
}
