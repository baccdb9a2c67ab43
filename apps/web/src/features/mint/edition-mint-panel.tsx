import { CONNECT_WALLET, EDITION_MINT_MAX_COUNT, type PublicLaunchpad } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../shared/form-field.tsx';
import { defaultFeeRate, FeeRatePicker } from '../../shared/fee-rate-picker.tsx';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { wireSats } from '../../lib/trade-format.ts';
import { Amount, ReviewRow } from '../../shared/trade-ui.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import { EditionMintDialog } from './edition-mint-dialog.tsx';
import { useEditionMint } from './edition-mint.mutations.ts';
import { LAUNCH_NOT_LIVE, maxMintCount, mintCountError, NO_OPEN_PHASE } from './mint-rules.ts';

type Phase = PublicLaunchpad['phases'][number];

function mintBlocker(launch: PublicLaunchpad, openPhase: Phase | undefined): string | undefined {
  if (launch.status !== 'active') return LAUNCH_NOT_LIVE;
  if (launch.remaining_inscriptions === 0) return 'Sold out';
  if (!openPhase) return NO_OPEN_PHASE;
  return undefined;
}

/**
 * Minting editions of one original (product.md#market-calls, ADR 011): the price in BTC and sats,
 * what is left (unless the creator hid the progress), how many (1 … 20 and what is left), the fee
 * rate, and Mint, which asks the price, creates the order and opens the review of its payment.
 */
export function EditionMintPanel({
  launch,
  openPhase,
}: {
  launch: PublicLaunchpad;
  openPhase: Phase | undefined;
}) {
  const { wallet } = useWallet();
  const fees = useQuery(tradeQueries.recommendedFees());
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const feeRate = chosenRate ?? defaultFeeRate(fees.data);
  const [countText, setCountText] = useState('1');
  const [isDialogOpen, setDialogOpen] = useState(false);
  // An edition launch has one phase, which holds its price and dates.
  const pricePhase = openPhase ?? launch.phases[0];
  const unitPrice = pricePhase ? wireSats(pricePhase.price) : undefined;
  const { prepare, mint } = useEditionMint(launch.id, openPhase ? unitPrice : undefined);

  const limits = {
    allocationLeft: null,
    remaining: launch.remaining_inscriptions,
    phaseName: openPhase?.name ?? '',
    perTransaction: EDITION_MINT_MAX_COUNT,
  };
  const countError = mintCountError(countText, limits);
  const blocker = mintBlocker(launch, openPhase);
  const isBusy = prepare.isPending || mint.isPending;

  const onMint = () => {
    if (!wallet) return void toast.error(CONNECT_WALLET);
    if (countError) return;
    prepare.reset();
    mint.reset();
    setDialogOpen(true);
    prepare.mutate({ mintCount: Number(countText), feeRate });
  };

  return (
    <section
      aria-label="Mint"
      className="flex flex-col gap-4 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <h2 className="font-medium text-zinc-100">Mint editions</h2>
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Price per edition">
          {unitPrice === undefined ? '—' : <Amount sats={unitPrice} />}
        </ReviewRow>
        {launch.hide_progress ? null : (
          <ReviewRow term="Remaining editions">
            {launch.remaining_inscriptions ?? '—'} of {launch.total_inscriptions}
          </ReviewRow>
        )}
      </dl>
      {blocker ? (
        <p role="status" className="text-sm text-zinc-400">
          {blocker}
        </p>
      ) : null}
      <InputField
        label="Number to mint"
        error={blocker ? undefined : countError}
        inputProps={{
          type: 'number',
          inputMode: 'numeric',
          min: 1,
          max: EDITION_MINT_MAX_COUNT,
          step: 1,
          value: countText,
          disabled: blocker !== undefined,
          onChange: (event) => setCountText(event.target.value),
        }}
      />
      {blocker || countError ? null : (
        <p className="-mt-2 text-xs text-zinc-500">Up to {maxMintCount(limits)} now.</p>
      )}
      {fees.isPending ? null : (
        <FeeRatePicker
          fees={fees.data}
          value={feeRate}
          onChange={setChosenRate}
          disabled={isBusy}
        />
      )}
      <Button
        variant="primary"
        onClick={onMint}
        disabled={blocker !== undefined || fees.isPending || isBusy}
      >
        {prepare.isPending ? 'Preparing…' : 'Mint'}
      </Button>
      <EditionMintDialog
        open={isDialogOpen}
        onClose={() => setDialogOpen(false)}
        name={launch.collection.name}
        prepare={prepare}
        mint={mint}
      />
    </section>
  );
}
