import {
  CONNECT_YOUR_WALLET,
  CREATE_LAUNCHPAD_FIRST,
  FAILED_TO_FETCH_LAUNCHPAD_INFO,
  signInscriptionsAgreement,
} from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { defaultFeeRate, FeeRatePicker } from '../../shared/fee-rate-picker.tsx';
import { snipeProtectionBlocker } from '../trade/snipe-protection.ts';
import { tradeQueries } from '../../shared/trade.queries.ts';
import { useWallet } from '../wallet/wallet-context.ts';
import { useCreateLaunchpad } from './launch-create.mutations.ts';
import type { StepProps } from './launch-draft.ts';
import { launchInfoQueries } from './launch-info.queries.ts';
import { LaunchTerms } from './launch-terms.tsx';
import { OutcomeScreen } from './outcome-screens.tsx';
import { PhaseGroupTabs } from './phase-group-tabs.tsx';
import {
  isLaunchPrepared,
  phasesFromDraft,
  phasesFromLaunch,
  signatureCount,
  submitStateFor,
} from './sign-phases.ts';

/**
 * The last step of the Pre Inscribe flow (product.md#wizard-screens "Sign step",
 * product.md#states-and-transitions, ADR 010): Create Launchpad sends the launch, its status is
 * polled until it is ready, then each phase is signed; the launch turning active after the last
 * signature is Submitted.
 */
export function SubmitProjectStep({ draft, onChange, onValidChange }: StepProps) {
  const { wallet } = useWallet();
  const info = useQuery(launchInfoQueries.info(draft.launchpadId));
  const fees = useQuery(tradeQueries.recommendedFees());
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const feeRate = chosenRate ?? defaultFeeRate(fees.data);
  const create = useCreateLaunchpad({
    onCreated: (launchpadId) => onChange({ launchpadId, submitState: 'submitting' }),
  });

  const status = info.data?.status;
  useEffect(() => {
    const next = submitStateFor(status, draft.submitState);
    if (next) onChange({ submitState: next });
  }, [status, draft.submitState, onChange]);
  useEffect(() => {
    if (!info.error) return;
    toast.error(FAILED_TO_FETCH_LAUNCHPAD_INFO, { description: errorMessage(info.error) });
  }, [info.error, info.errorUpdatedAt]);
  // The final Submit needs every term accepted (product.md#wizard-screens).
  useEffect(() => onValidChange(draft.termsAccepted), [draft.termsAccepted, onValidChange]);

  const startAgain = () => onChange({ launchpadId: null, submitState: 'submit' });
  const newLaunchLink = (
    <button type="button" className="text-brand-400 hover:underline" onClick={startAgain}>
      create a new one?
    </button>
  );
  if (draft.submitState !== 'submit') {
    return (
      <OutcomeScreen
        submitState={draft.submitState}
        type={draft.type}
        slug={info.data?.slug ?? draft.info.slug}
        failedReason={info.data?.failed_reason}
      >
        <p className="text-sm text-zinc-400">Fix what failed, or {newLaunchLink}</p>
      </OutcomeScreen>
    );
  }

  const launch = info.data && isLaunchPrepared(info.data.status) ? info.data : undefined;
  const phases = launch ? phasesFromLaunch(launch) : phasesFromDraft(draft.phases);
  const total = launch ? launch.total_inscriptions : draft.inscriptions.length;
  const blocker = wallet ? snipeProtectionBlocker(wallet) : CONNECT_YOUR_WALLET;
  const context = { launchpadId: draft.launchpadId, termsAccepted: draft.termsAccepted, feeRate };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-zinc-200">{signInscriptionsAgreement(signatureCount(total))}</p>
      {status === 'pending_psbt_signature' ? (
        <p className="text-sm text-zinc-400">
          This launch is waiting for your signatures: sign its phases below, or {newLaunchLink}
        </p>
      ) : null}
      {/* Why the phases say Pending (product.md#states-and-transitions): signing needs the launch created first. */}
      {draft.launchpadId === null ? (
        <p className="text-sm text-zinc-400">{CREATE_LAUNCHPAD_FIRST}</p>
      ) : null}
      <PhaseGroupTabs phases={phases} hasLaunchpad={launch !== undefined} context={context} />
      <FeeRatePicker fees={fees.data} value={feeRate} onChange={setChosenRate} />
      <LaunchTerms
        accepted={draft.termsAccepted}
        onChange={(termsAccepted) => onChange({ termsAccepted })}
      />
      {draft.launchpadId ? null : (
        <div className="flex flex-col gap-2">
          {blocker ? <p className="text-sm text-amber-300">{blocker}</p> : null}
          <Button
            variant="primary"
            className="self-start"
            disabled={!draft.termsAccepted || blocker !== undefined || create.isPending}
            onClick={() => {
              onChange({ submitState: 'submitting' });
              create.mutate(
                { draft, feeRate },
                { onError: () => onChange({ submitState: 'submit' }) },
              );
            }}
          >
            Create Launchpad
          </Button>
        </div>
      )}
    </div>
  );
}
