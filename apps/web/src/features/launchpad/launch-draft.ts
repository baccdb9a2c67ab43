import type {
  CollectionInfoInput,
  EditionFormValues,
  InscriptionEntry,
  PhaseFormValues,
} from '@om/core';
import type { AuctionDraft } from './auction-draft.ts';

// What the launchpad wizard collects, step by step, before it is submitted
// (product.md#wizard-screens to product.md#validation, ADR 010). The wizard shell owns it
// (useState in launchpad-page.tsx); each step reads its part and reports changes. Kept in this file
// so the steps and the shell agree on one shape.

/** The four cards of the type chooser; 'inscribe' is shown disabled (coming soon). */
export type LaunchType = 'pre-inscribe' | 'edition' | 'auction' | 'inscribe';

/** Create a new launch, or Submit a live collection (onboarding). */
export type StartChoice = 'create' | 'onboard';

/** The final step's title follows it: Submit, Submitting, View {type} or 'Submission Failed'. */
export type SubmitState = 'submit' | 'submitting' | 'submitted' | 'failed';

export type LaunchDraft = {
  start: StartChoice;
  type: LaunchType;
  /** Set once POST /api/launchpad/create answered (or from ?id=). */
  launchpadId: string | null;
  info: CollectionInfoInput;
  inscriptions: InscriptionEntry[];
  phases: PhaseFormValues[];
  /** The Edition flow's Choose Original form (product.md#records "Edition form"). */
  edition: EditionFormValues;
  /** The Auction flow's three forms and the auction created from them. */
  auction: AuctionDraft;
  termsAccepted: boolean;
  submitState: SubmitState;
};

/** Props every step component takes: the draft, a way to change it, and whether it may go on. */
export type StepProps = {
  draft: LaunchDraft;
  onChange: (patch: Partial<LaunchDraft>) => void;
  /** The step reports whether Next may be pressed (valid and required fields touched). */
  onValidChange: (isValid: boolean) => void;
};
