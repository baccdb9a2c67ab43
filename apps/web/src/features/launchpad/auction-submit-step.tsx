import {
  combineDateTime,
  CONNECT_YOUR_WALLET,
  formatDateTime,
  NO_DATA_TO_SIGN_AUCTION,
  parseBtcToSats,
  type Network,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/load-state.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { defaultFeeRate, FeeRatePicker } from '../../shared/fee-rate-picker.tsx';
import { snipeProtectionBlocker } from '../trade/snipe-protection.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { Amount, ReviewRow } from '../../shared/trade-ui.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import { AuctionStepError, auctionCreateBody } from './auction-create-body.ts';
import type { AuctionDraft } from './auction-draft.ts';
import { auctionPath, AuctionSubmittedScreen } from './auction-outcome.tsx';
import { AuctionSignPanel } from './auction-sign-panel.tsx';
import { useAuctionSubmission } from './auction-submit.mutations.ts';
import type { StepProps } from './launch-draft.ts';
import { LaunchTerms } from './launch-terms.tsx';
import { SubmissionFailedScreen, SubmittingScreen } from './outcome-screens.tsx';
import { useAuctionPatch } from './use-auction-patch.ts';

/**
 * Submit Auction (product.md#wizard-screens, #states-and-transitions "Auction",
 * product.md#creator-calls, product.md#errors): what will be auctioned, the terms and the
 * deposit's fee rate, then Submit → Submitting (create) → the review of both PSBTs and one Sign →
 * confirm → Congratulations 2 s later; every failure toasts and returns here.
 */
export function AuctionSubmitStep(props: StepProps) {
  const network = useAppConfig()?.network;
  if (!network) return <Loading what="the configuration" />;
  return <AuctionSubmit {...props} network={network} />;
}

function AuctionSubmit({
  draft,
  onChange,
  onValidChange,
  network,
}: StepProps & { network: Network }) {
  const { wallet } = useWallet();
  const { auction } = draft;
  const fees = useQuery(tradeQueries.recommendedFees());
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const feeRate = chosenRate ?? defaultFeeRate(fees.data);
  const submission = useAuctionSubmission(auction, onChange);
  const patchAuction = useAuctionPatch(auction, onChange);
  useEffect(() => onValidChange(draft.termsAccepted), [draft.termsAccepted, onValidChange]);
  // Left while submitting (Previous), the step comes back to Submit: nothing runs any more.
  const [wasSubmitting] = useState(draft.submitState === 'submitting');
  useEffect(() => {
    if (wasSubmitting) onChange({ submitState: 'submit' });
  }, [wasSubmitting, onChange]);

  const start = combineDateTime(auction.details.start_date, auction.details.start_time);
  if (draft.submitState === 'submitted') {
    return (
      <AuctionSubmittedScreen
        slug={auction.info.slug}
        opensAt={start ? `on ${formatDateTime(start)}` : 'at its start'}
      />
    );
  }
  if (draft.submitState === 'failed') {
    return (
      <SubmissionFailedScreen reason={NO_DATA_TO_SIGN_AUCTION}>
        <Button onClick={() => onChange({ submitState: 'submit' })}>Try again</Button>
      </SubmissionFailedScreen>
    );
  }
  if (draft.submitState === 'submitting') {
    if (submission.isCreating || !auction.created) return <SubmittingScreen type="auction" />;
    return (
      <AuctionSignPanel
        created={auction.created}
        onSign={() => submission.signBoth(auction.created)}
        isSigning={submission.isSigning}
        isConfirming={submission.isConfirming}
        isConfirmed={submission.isConfirmed}
      />
    );
  }

  const blocker = wallet ? snipeProtectionBlocker(wallet) : CONNECT_YOUR_WALLET;
  const submit = () => {
    if (!wallet) return void toast.error(CONNECT_YOUR_WALLET);
    try {
      const body = auctionCreateBody(auction, wallet, network, feeRate);
      submission.submit({ created: auction.created, body });
    } catch (error) {
      if (!(error instanceof AuctionStepError)) throw error;
      toast.error(error.title, error.description ? { description: error.description } : {});
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <AuctionSummary auction={auction} />
      {auction.created ? (
        <p className="text-sm text-zinc-400">
          This auction was created and waits for your signature: Submit carries on with it, or{' '}
          <button
            type="button"
            className="text-brand-400 hover:underline"
            onClick={() => patchAuction({ created: null })}
          >
            create a new one?
          </button>
        </p>
      ) : null}
      <FeeRatePicker fees={fees.data} value={feeRate} onChange={setChosenRate} />
      <LaunchTerms
        accepted={draft.termsAccepted}
        onChange={(termsAccepted) => onChange({ termsAccepted })}
      />
      {blocker ? <p className="text-sm text-amber-300">{blocker}</p> : null}
      <Button
        variant="primary"
        className="self-start"
        disabled={!draft.termsAccepted || blocker !== undefined}
        onClick={submit}
      >
        Submit
      </Button>
    </div>
  );
}

function dateText(date: string, time: string): string {
  const combined = combineDateTime(date, time);
  return combined ? formatDateTime(combined) : '—';
}

function PriceText({ btc, unset }: { btc: string; unset: string }) {
  const sats = btc.trim() === '' ? undefined : parseBtcToSats(btc);
  return sats === undefined ? <>{unset}</> : <Amount sats={sats} />;
}

function AuctionSummary({ auction }: { auction: AuctionDraft }) {
  const { info, details } = auction;
  return (
    <dl
      aria-label="Auction"
      className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm"
    >
      <ReviewRow term="Auction">{info.name}</ReviewRow>
      <ReviewRow term="Auction page">{auctionPath(info.slug)}</ReviewRow>
      <ReviewRow term="Inscription">
        <span className="break-all font-mono text-xs">{auction.inscriptionId || '—'}</span>
      </ReviewRow>
      <ReviewRow term="Start price">
        <PriceText btc={details.start_price} unset="—" />
      </ReviewRow>
      <ReviewRow term="Reserve price">
        <PriceText btc={details.reserve_price} unset="None" />
      </ReviewRow>
      <ReviewRow term="Starts">{dateText(details.start_date, details.start_time)}</ReviewRow>
      <ReviewRow term="Ends">{dateText(details.end_date, details.end_time)}</ReviewRow>
    </dl>
  );
}
