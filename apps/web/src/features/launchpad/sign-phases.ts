import {
  parseBtcToSats,
  phaseWindow,
  toUnixSeconds,
  type LaunchpadInfo,
  type LaunchpadStatus,
  type LaunchPhase,
  type PhaseFormValues,
  type PsbtBatch,
} from '@om/core';
import { wireSats } from '../../lib/trade-format.ts';
import type { SubmitState } from './launch-draft.ts';

// The rules of the Submit Project step (product.md#wizard-screens "Sign step",
// product.md#states-and-transitions): which phases it shows, how they group into tabs, what each
// Sign button says, and how the launch's status moves the step.

/** A phase as the sign step shows it: the launch's once it is prepared, else the draft's. */
export type SignPhase = {
  id: string;
  name: string;
  phaseNumber: number;
  price: bigint;
  isPublic: boolean;
  /** Null for a public phase (Unlimited) or per-address allocations. */
  allocation: number | null;
  /** UTC seconds; null while the draft's dates are incomplete, or an open end. */
  startDate: number | null;
  endDate: number | null;
  status: LaunchPhase['status'];
  /** The batches still to sign, in order: the deposits come first in the first phase (ADR 010). */
  pendingPsbts: PsbtBatch[];
};

/** The statuses at which the launch's phases and total are loaded, and polling stops. */
const PREPARED_STATUSES: readonly LaunchpadStatus[] = ['pending_psbt_signature', 'active'];

export function isLaunchPrepared(status: LaunchpadStatus | undefined): boolean {
  return status !== undefined && PREPARED_STATUSES.includes(status);
}

/** Polling stops once the launch is prepared or has failed; nothing else will change it. */
export function isLaunchSettled(status: LaunchpadStatus | undefined): boolean {
  return isLaunchPrepared(status) || status === 'failed';
}

function pendingPsbtsOf(phase: LaunchPhase): PsbtBatch[] {
  const rank = (batch: PsbtBatch) => (batch.kind === 'deposit' ? 0 : 1);
  return phase.psbts
    .filter((batch) => batch.status === 'pending')
    .sort((a, b) => rank(a) - rank(b) || a.batch_number - b.batch_number);
}

export function phasesFromLaunch(info: LaunchpadInfo): SignPhase[] {
  return [...info.phases]
    .sort((a, b) => a.phase_number - b.phase_number)
    .map((phase) => ({
      id: phase.id,
      name: phase.name,
      phaseNumber: phase.phase_number,
      price: wireSats(phase.price),
      isPublic: phase.is_public,
      allocation: phase.is_public ? null : phase.allocation,
      startDate: phase.start_date,
      endDate: phase.end_date,
      status: phase.status,
      pendingPsbts: pendingPsbtsOf(phase),
    }));
}

/** Before the launch exists every phase is Pending, with nothing to sign yet. */
export function phasesFromDraft(phases: readonly PhaseFormValues[]): SignPhase[] {
  return phases.map((phase, i) => {
    const { start, end } = phaseWindow(phase);
    const allocation = Number(phase.allocation);
    return {
      id: phase.uuid,
      name: phase.name,
      phaseNumber: i + 1,
      price: parseBtcToSats(phase.price) ?? 0n,
      isPublic: phase.isPublic,
      allocation:
        phase.isPublic || !phase.isSameAllocation || !Number.isInteger(allocation)
          ? null
          : allocation,
      startDate: start ? toUnixSeconds(start) : null,
      endDate: end ? toUnixSeconds(end) : null,
      status: 'pending',
      pendingPsbts: [],
    };
  });
}

/**
 * "You are here by agreeing to sign N inscriptions": N is the launch's inscriptions, each listed
 * once whatever the number of phases (a 2-inscription launch in 2 phases is 2, not 4).
 */
export function signatureCount(totalInscriptions: number): number {
  return totalInscriptions;
}

/** The sign step's tabs, in order (product.md#wizard-screens). */
export const PHASE_GROUPS = ['Whitelist', 'Public', 'Other'] as const;
export type PhaseGroup = (typeof PHASE_GROUPS)[number];

/**
 * Allow-listed (non-public) phases are the Whitelist, public ones Public. Every phase of the
 * launch API is one or the other, so Other stays empty (its tab is shown disabled).
 */
export function groupPhases(phases: readonly SignPhase[]): Record<PhaseGroup, SignPhase[]> {
  return {
    Whitelist: phases.filter((phase) => !phase.isPublic),
    Public: phases.filter((phase) => phase.isPublic),
    Other: [],
  };
}

/** A group's check mark: none of its phases is still pending. */
export function isGroupDone(phases: readonly SignPhase[]): boolean {
  return phases.every((phase) => phase.status !== 'pending');
}

/** The next group after `current` that has phases; undefined when there is none. */
export function nextGroup(
  groups: Record<PhaseGroup, SignPhase[]>,
  current: PhaseGroup,
): PhaseGroup | undefined {
  const after = PHASE_GROUPS.slice(PHASE_GROUPS.indexOf(current) + 1);
  return after.find((group) => groups[group].length > 0);
}

/** The first group with phases, where the tabs open. */
export function firstGroup(groups: Record<PhaseGroup, SignPhase[]>): PhaseGroup {
  return PHASE_GROUPS.find((group) => groups[group].length > 0) ?? 'Whitelist';
}

/** Next Group: only when no phase of the current group is pending, and a next group exists. */
export function canGoToNextGroup(
  groups: Record<PhaseGroup, SignPhase[]>,
  current: PhaseGroup,
): boolean {
  return isGroupDone(groups[current]) && nextGroup(groups, current) !== undefined;
}

export type SignButtonState = {
  label: 'Sign' | 'Signing...' | 'Complete' | 'Pending';
  disabled: boolean;
};

/**
 * product.md#states-and-transitions: disabled while this phase signs (Signing...), when Active
 * (Complete), or Pending with no launchpad yet (Pending); otherwise Sign. A phase whose batches are
 * all signed while others still wait ('signed') has nothing left to sign: Complete too.
 */
export function signButtonState(
  status: SignPhase['status'],
  { isSigning, hasLaunchpad }: { isSigning: boolean; hasLaunchpad: boolean },
): SignButtonState {
  if (isSigning) return { label: 'Signing...', disabled: true };
  if (status === 'active' || status === 'signed') return { label: 'Complete', disabled: true };
  if (status === 'pending' && !hasLaunchpad) return { label: 'Pending', disabled: true };
  return { label: 'Sign', disabled: false };
}

/**
 * How the launch's status moves the submit state: active (after the last signature) is
 * Submitted, failed is Failed, and a launch ready to sign ends Submitting. Undefined: no change.
 */
export function submitStateFor(
  status: LaunchpadStatus | undefined,
  current: SubmitState,
): SubmitState | undefined {
  if (status === 'active' && current !== 'submitted') return 'submitted';
  if (status === 'failed' && current !== 'failed') return 'failed';
  if (status === 'pending_psbt_signature' && current === 'submitting') return 'submit';
  return undefined;
}
