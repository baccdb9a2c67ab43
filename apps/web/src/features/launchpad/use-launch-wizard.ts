import { CONNECT_YOUR_WALLET } from '@om/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useWallet } from '../wallet/wallet-context.ts';
import type { LaunchDraft } from './launch-draft.ts';
import { launchInfoQueries } from './launch-info.queries.ts';
import {
  canGoPrevious,
  clampStep,
  FLOW_STEPS,
  flowOf,
  nextBlock,
  newDraft,
  startWizard,
  visitBlock,
  type StepId,
} from './wizard-steps.ts';

type Validity = { stepId: StepId; isValid: boolean };

/**
 * The wizard's draft and step, kept in this browser across a reload (product.md#spec-gaps;
 * product.md#states-and-transitions).
 */
export const WIZARD_DRAFT_KEY = 'om.launchpad.wizard';

type Saved = { draft: LaunchDraft; index: number };

function savedWizard(): Saved | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(WIZARD_DRAFT_KEY);
    if (!raw) return undefined;
    const saved = JSON.parse(raw) as Partial<Saved>;
    if (!saved.draft || typeof saved.index !== 'number') return undefined;
    // A launch the server has (or is making) reopens from its ?id= and 'Your launches', not
    // from here: a new visit after a submission starts a new launch.
    const { launchpadId, submitState } = saved.draft;
    if (launchpadId || submitState === 'submitting' || submitState === 'submitted') {
      return undefined;
    }
    return { draft: { ...newDraft(), ...saved.draft }, index: saved.index };
  } catch {
    return undefined;
  }
}

/** Where the wizard opens: `?id=` first, else what this browser kept, else a new draft. */
function openWizard(idParam: string | null) {
  const saved = idParam === null ? savedWizard() : undefined;
  return saved ? { ...saved, linkError: undefined } : startWizard(idParam);
}

/**
 * The wizard's state: the draft, the step shown, and whether that step reported itself valid.
 * `idParam` is the `?id=` of the URL; a new one restarts the wizard from it.
 */
export function useLaunchWizard(idParam: string | null) {
  const { wallet } = useWallet();
  const [start] = useState(() => openWizard(idParam));
  const [seenIdParam, setSeenIdParam] = useState(idParam);
  const [draft, setDraft] = useState<LaunchDraft>(start.draft);
  const [requestedIndex, setIndex] = useState(start.index);
  const [linkError, setLinkError] = useState(start.linkError);
  const [validity, setValidity] = useState<Validity | null>(null);
  const [resumedId, setResumedId] = useState<string | null>(null);

  if (idParam !== seenIdParam) {
    const restart = startWizard(idParam);
    setSeenIdParam(idParam);
    setDraft(restart.draft);
    setIndex(restart.index);
    setLinkError(restart.linkError);
  }

  const flow = flowOf(draft);
  const steps = FLOW_STEPS[flow];
  // Changing the start or the type swaps the step list; the index stays inside the new one.
  const index = clampStep(requestedIndex, steps);
  const step = steps[index] ?? steps[0]!;
  const isStepValid = validity?.stepId === step.id && validity.isValid;
  const isWalletConnected = wallet !== null;

  // A launch waiting for its signatures opens on the last step, where they are given
  // (product.md#wizard-screens), once per launch: the creator may then go back. The query is the
  // Submit step's own.
  const info = useQuery(launchInfoQueries.info(draft.launchpadId));
  if (
    draft.launchpadId !== null &&
    info.data?.status === 'pending_psbt_signature' &&
    resumedId !== draft.launchpadId
  ) {
    // `?id=` starts in the onboard flow (product.md#wizard-screens), whose last step is Finalize
    // Submission: a launch waiting for signatures is pre-inscribed, so it resumes on that flow's
    // signing step (product.md#spec-gaps, defects: a pending launch could not be resumed).
    const resumed = { ...draft, start: 'create' as const, type: 'pre-inscribe' as const };
    setResumedId(draft.launchpadId);
    setDraft(resumed);
    setIndex(FLOW_STEPS[flowOf(resumed)].length - 1);
  }

  useEffect(() => {
    try {
      const saved: Saved = { draft, index };
      globalThis.localStorage?.setItem(WIZARD_DRAFT_KEY, JSON.stringify(saved));
    } catch {
      // A full or blocked storage only loses the draft on reload.
    }
  }, [draft, index]);

  const onChange = useCallback((patch: Partial<LaunchDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
  }, []);
  const onValidChange = useCallback(
    (isValid: boolean) => setValidity({ stepId: step.id, isValid }),
    [step.id],
  );

  const block = nextBlock({ steps, current: index, isStepValid, isWalletConnected });
  const next = () => {
    if (block === 'no-wallet') toast.error(CONNECT_YOUR_WALLET);
    else if (block === undefined) setIndex(index + 1);
  };
  const previous = () => {
    if (canGoPrevious(index)) setIndex(index - 1);
  };
  const goTo = (target: number) => {
    const blocked = visitBlock(target, index, isWalletConnected);
    if (blocked === 'no-wallet') toast.error(CONNECT_YOUR_WALLET);
    else if (blocked === undefined) setIndex(target);
  };

  return {
    draft,
    flow,
    steps,
    index,
    step,
    linkError,
    infoError: info.error,
    /** Next is pressable: the step is valid (a missing wallet is then said by a toast). */
    canNext: block === undefined || block === 'no-wallet',
    isLastStep: block === 'last-step',
    canPrevious: canGoPrevious(index),
    onChange,
    onValidChange,
    next,
    previous,
    goTo,
  };
}
