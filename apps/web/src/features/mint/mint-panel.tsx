import { CONNECT_WALLET, MINT_MAX_COUNT, type PublicLaunchpad } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { InputField } from '../../shared/form-field.tsx';
import { defaultFeeRate, FeeRatePicker } from '../../shared/fee-rate-picker.tsx';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { wireSats } from '../../lib/trade-format.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { MintAllocation } from './mint-allocation.tsx';
import { MintDialog } from './mint-dialog.tsx';
import {
  ITEMS_MOVING,
  LAUNCH_NOT_LIVE,
  maxMintCount,
  mintCountError,
  NO_OPEN_PHASE,
  someItemsMoving,
} from './mint-rules.ts';
import { useMint } from './mint.mutations.ts';
import { mintQueries } from './mint.queries.ts';

type Phase = PublicLaunchpad['phases'][number];

/** Why nobody can mint now, or undefined. */
function mintBlocker(launch: PublicLaunchpad, openPhase: Phase | undefined): string | undefined {
  if (launch.status !== 'active') return LAUNCH_NOT_LIVE;
  if (!openPhase) return NO_OPEN_PHASE;
  if (launch.remaining_inscriptions === 0) return 'Sold out';
  if (mintableNow(launch) === 0) return ITEMS_MOVING;
  return undefined;
}

/** What is left that a mint can spend now: not the items whose deposit is unconfirmed. */
function mintableNow(launch: PublicLaunchpad): number | null {
  const left = launch.remaining_inscriptions;
  return left === null ? null : Math.max(0, left - launch.moving_inscriptions);
}

/**
 * Minting from the open phase: the wallet's allocation, how many (1 … 20, within the allocation
 * and what is left), the fee rate, and Mint, which opens the review of the server's offer.
 */
export function MintPanel({
  launch,
  openPhase,
}: {
  launch: PublicLaunchpad;
  openPhase: Phase | undefined;
}) {
  const { wallet } = useWallet();
  const address = wallet?.ordinalsAddress ?? '';
  const paymentAddress = wallet?.paymentAddress ?? '';
  const allocation = useQuery({
    ...mintQueries.allocation(
      launch.id,
      { ordinalsAddress: address, paymentAddress },
      openPhase?.id ?? null,
    ),
    enabled: address !== '' && openPhase !== undefined,
  });
  const fees = useQuery(tradeQueries.recommendedFees());
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const feeRate = chosenRate ?? defaultFeeRate(fees.data);
  const [countText, setCountText] = useState('1');
  const [isDialogOpen, setDialogOpen] = useState(false);
  const phase = openPhase && {
    id: openPhase.id,
    name: openPhase.name,
    price: wireSats(openPhase.price),
    needsOrdinalsProof: allocation.data?.ordinalsProofNeeded === true,
  };
  const { quote, mint } = useMint(launch.id, phase);

  const limits = {
    allocationLeft: allocation.data?.isAllowed ? allocation.data.remaining : undefined,
    remaining: mintableNow(launch),
    phaseName: openPhase?.name ?? '',
  };
  const countError = mintCountError(countText, limits);
  const blocker = mintBlocker(launch, openPhase);
  // Not allow-listed in the open phase (get-allocation says so): nothing this wallet can mint.
  const isNotAllowed = allocation.data?.isAllowed === false;
  const isCountOff = blocker !== undefined || isNotAllowed;
  const isFeeRateKnown = !fees.isPending;

  const onMint = () => {
    if (!wallet) {
      toast.error(CONNECT_WALLET);
      return;
    }
    if (countError) return;
    quote.reset();
    mint.reset();
    setDialogOpen(true);
    quote.mutate({ mintCount: Number(countText), feeRate });
  };

  return (
    <section
      aria-label="Mint"
      className="flex flex-col gap-4 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <h2 className="font-medium text-zinc-100">
        {openPhase ? `Mint · ${openPhase.name}` : 'Mint'}
      </h2>
      {blocker ? (
        <p role="status" className="text-sm text-zinc-400">
          {blocker}
        </p>
      ) : (
        <MintAllocation
          isConnected={wallet !== null}
          phaseName={openPhase?.name ?? ''}
          query={allocation}
        />
      )}
      <InputField
        label="Number to mint"
        error={isCountOff ? undefined : countError}
        inputProps={{
          type: 'number',
          inputMode: 'numeric',
          min: 1,
          max: MINT_MAX_COUNT,
          step: 1,
          value: countText,
          disabled: isCountOff,
          onChange: (event) => setCountText(event.target.value),
        }}
      />
      {isCountOff || countError ? null : (
        <p className="-mt-2 text-xs text-zinc-500">Up to {maxMintCount(limits)} now.</p>
      )}
      {blocker === undefined && launch.moving_inscriptions > 0 ? (
        <p role="status" className="-mt-2 text-xs text-zinc-400">
          {someItemsMoving(launch.moving_inscriptions)}
        </p>
      ) : null}
      {isFeeRateKnown ? (
        <FeeRatePicker
          fees={fees.data}
          value={feeRate}
          onChange={setChosenRate}
          disabled={quote.isPending || mint.isPending}
        />
      ) : null}
      <Button
        variant="primary"
        onClick={onMint}
        disabled={isCountOff || !isFeeRateKnown || quote.isPending || mint.isPending}
      >
        {quote.isPending ? 'Preparing…' : 'Mint'}
      </Button>
      <MintDialog
        open={isDialogOpen}
        onClose={() => setDialogOpen(false)}
        name={launch.collection.name}
        quote={quote}
        mint={mint}
      />
    </section>
  );
}
