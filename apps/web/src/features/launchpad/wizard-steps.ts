import {
  defaultPhases,
  INVALID_START_TYPE,
  LAUNCHPAD_NOT_CONFIGURED,
  type CollectionInfoInput,
  type EditionFormValues,
} from '@om/core';
import { z } from 'zod';
import { emptyAuctionDraft } from './auction-draft.ts';
import type { LaunchDraft, LaunchType, StartChoice, SubmitState } from './launch-draft.ts';

// The launchpad wizard's step lists and the rules of its sidebar and of Previous / Next
// (product.md#wizard-screens "Step lists" and the wizard bullets,
// product.md#states-and-transitions "Wizard"). Pure, so the shell only wires them.

export type StepId =
  | 'get-started'
  | 'launch-type'
  | 'collection-info'
  | 'choose-inscriptions'
  | 'phases'
  | 'submit-project'
  | 'choose-original'
  | 'submit-edition'
  | 'provide-details'
  | 'select-items'
  | 'finalize-submission'
  | 'submit-auction-information'
  | 'auction-details'
  | 'auction-format'
  | 'submit-auction';

/** `isForm`: a form step (react-hook-form on a core schema); the others need a connected wallet. */
export type WizardStep = { id: StepId; title: string; isForm: boolean };

export type Flow = 'pre-inscribe' | 'edition' | 'auction' | 'onboard';

const step = (id: StepId, title: string, isForm = false): WizardStep => ({ id, title, isForm });

const GET_STARTED = step('get-started', 'Get Started');
const CHOOSE_TYPE = step('launch-type', 'Choose Launch Type');
const SUBMIT_INFORMATION = step('collection-info', 'Submit Information', true);

export const FLOW_STEPS: Record<Flow, readonly WizardStep[]> = {
  'pre-inscribe': [
    GET_STARTED,
    CHOOSE_TYPE,
    SUBMIT_INFORMATION,
    step('choose-inscriptions', 'Choose Inscriptions'),
    step('phases', 'Determine Phases', true),
    step('submit-project', 'Submit Project'),
  ],
  edition: [
    GET_STARTED,
    CHOOSE_TYPE,
    SUBMIT_INFORMATION,
    step('choose-original', 'Choose Original', true),
    step('submit-edition', 'Submit Project'),
  ],
  onboard: [
    GET_STARTED,
    step('provide-details', 'Provide Details', true),
    step('select-items', 'Select Items'),
    step('finalize-submission', 'Finalize Submission'),
  ],
  // The spec names the auction's own steps only; the type is picked in Choose Launch Type, so the
  // two shared steps come first (else the creator could not go back and pick another type).
  auction: [
    GET_STARTED,
    CHOOSE_TYPE,
    step('submit-auction-information', 'Launch Your Auction', true),
    step('auction-details', 'Auction Details', true),
    step('auction-format', 'Auction Format', true),
    step('submit-auction', 'Submit Auction'),
  ],
};

/** The launch types the wizard builds; 'inscribe' is shown but disabled (coming soon). */
const CONFIGURED_TYPES: readonly LaunchType[] = ['pre-inscribe', 'edition', 'auction'];

export type Resolved<T> = { value: T; error?: string };

/** A chosen type, or Pre Inscribe with 'Launchpad is not configured' for anything else. */
export function resolveLaunchType(value: string): Resolved<LaunchType> {
  const known = CONFIGURED_TYPES.find((type) => type === value);
  return known ? { value: known } : { value: 'pre-inscribe', error: LAUNCHPAD_NOT_CONFIGURED };
}

/** A start choice, or Create with 'Invalid start type' for anything else. */
export function resolveStartChoice(value: string): Resolved<StartChoice> {
  if (value === 'create' || value === 'onboard') return { value };
  return { value: 'create', error: INVALID_START_TYPE };
}

export function flowOf(draft: Pick<LaunchDraft, 'start' | 'type'>): Flow {
  if (draft.start === 'onboard') return 'onboard';
  return draft.type === 'edition' || draft.type === 'auction' ? draft.type : 'pre-inscribe';
}

/**
 * What the last step's title calls the project: 'View {type}' (product.md#wizard-screens, default
 * Collection).
 */
function projectTypeLabel(flow: Flow): string {
  if (flow === 'edition') return 'Edition';
  if (flow === 'auction') return 'Auction';
  return 'Collection';
}

/**
 * The last step's title follows the submit state (product.md#wizard-screens,
 * #states-and-transitions).
 */
export function lastStepTitle(submitState: SubmitState, projectType = 'Collection'): string {
  switch (submitState) {
    case 'submit':
      return 'Submit';
    case 'submitting':
      return 'Submitting';
    case 'submitted':
      return `View ${projectType}`;
    case 'failed':
      return 'Submission Failed';
  }
}

export function stepTitle(steps: readonly WizardStep[], index: number, draft: LaunchDraft) {
  const current = steps[index];
  if (!current) return '';
  return index === steps.length - 1
    ? lastStepTitle(draft.submitState, projectTypeLabel(flowOf(draft)))
    : current.title;
}

export function clampStep(index: number, steps: readonly WizardStep[]): number {
  return Math.min(Math.max(index, 0), steps.length - 1);
}

/** The step `?id=` opens (product.md#wizard-screens). */
const ID_PARAM_STEP = 5;

export type SidebarState = 'completed' | 'current' | 'upcoming';

/**
 * Steps before the current one were passed with a valid Next: they are the completed ones; and
 * the last one too once the project is submitted (`isSubmitted`), so it gets its check mark.
 */
export function sidebarState(index: number, current: number, isSubmitted = false): SidebarState {
  if (index < current || (isSubmitted && index === current)) return 'completed';
  return index === current ? 'current' : 'upcoming';
}

export function canGoPrevious(current: number): boolean {
  return current > 0;
}

/** Why Next cannot move on: the last step, an invalid step, or a non-form step without a wallet. */
export type NextBlock = 'last-step' | 'invalid' | 'no-wallet';

export function nextBlock(input: {
  steps: readonly WizardStep[];
  current: number;
  isStepValid: boolean;
  isWalletConnected: boolean;
}): NextBlock | undefined {
  const { steps, current, isStepValid, isWalletConnected } = input;
  if (current >= steps.length - 1) return 'last-step';
  if (!isStepValid) return 'invalid';
  // product.md#states-and-transitions: non-form steps need a connected wallet; a form may be
  // filled in without one.
  if (!steps[current]?.isForm && !isWalletConnected) return 'no-wallet';
  return undefined;
}

/** Why a sidebar step cannot be opened: it lies ahead, or going back needs a wallet. */
export type VisitBlock = 'upcoming' | 'no-wallet';

export function visitBlock(
  target: number,
  current: number,
  isWalletConnected: boolean,
): VisitBlock | undefined {
  if (target > current) return 'upcoming';
  if (target < current && !isWalletConnected) return 'no-wallet';
  return undefined;
}

/** Every required field was touched, or already held a value when the form opened. */
export function areRequiredFieldsTouched<K extends string>(
  required: readonly K[],
  touched: Partial<Record<K, boolean>>,
  initial: Partial<Record<K, string>>,
): boolean {
  return required.every((field) => touched[field] === true || (initial[field] ?? '') !== '');
}

export const EMPTY_INFO: CollectionInfoInput = {
  name: '',
  slug: '',
  description: '',
  website_link: '',
  twitter_link: '',
  discord_link: '',
  telegram_link: '',
  instagram_link: '',
  creator_name: '',
  creator_email: '',
  creator_btc_address: '',
  icon: '',
};

export const EMPTY_EDITION: EditionFormValues = {
  inscriptionId: '',
  numberOfEditions: '',
  signature: '',
  price: '',
  hideProgress: false,
  startDate: '',
  endDate: '',
};

export function newDraft(): LaunchDraft {
  return {
    start: 'create',
    type: 'pre-inscribe',
    launchpadId: null,
    info: EMPTY_INFO,
    inscriptions: [],
    phases: defaultPhases(),
    edition: EMPTY_EDITION,
    auction: emptyAuctionDraft(),
    termsAccepted: false,
    submitState: 'submit',
  };
}

const invalidLaunchLink = (id: string) =>
  `The link's launch id "${id}" is not valid: it must be a launch's UUID.`;

const LaunchIdSchema = z.uuid();

/**
 * Where the wizard opens. `?id=` sets the launchpad id, switches to the onboard flow and opens
 * the step at index 5 (product.md#wizard-screens); the onboard flow has four steps, so that is
 * clamped to its last one. A malformed id is ignored and reported.
 */
export function startWizard(idParam: string | null): {
  draft: LaunchDraft;
  index: number;
  linkError?: string;
} {
  const draft = newDraft();
  if (idParam === null) return { draft, index: 0 };
  if (!LaunchIdSchema.safeParse(idParam).success) {
    return { draft, index: 0, linkError: invalidLaunchLink(idParam) };
  }
  const linked: LaunchDraft = { ...draft, launchpadId: idParam, start: 'onboard' };
  return { draft: linked, index: clampStep(ID_PARAM_STEP, FLOW_STEPS[flowOf(linked)]) };
}

/** Where 'View {type}' leads: the mint page of a launch, the auction page, or the collection. */
export function projectPath(flow: Flow, slug: string): string {
  const path = flow === 'auction' ? 'auction' : flow === 'onboard' ? 'collections' : 'mint';
  return `/${path}/${encodeURIComponent(slug)}`;
}
