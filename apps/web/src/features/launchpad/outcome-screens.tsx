import {
  SUBMISSION_FAILED,
  SUBMISSION_FAILED_DEFAULT_REASON,
  submittedForReview,
  URL_COPIED,
} from '@om/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyTextButton } from '../multisig/copy-text-button.tsx';
import type { LaunchType, SubmitState } from './launch-draft.ts';

/** What was submitted: a launch of one of the types, or a live collection (onboarding). */
export type ProjectKind = LaunchType | 'onboard';

/**
 * The project type as the last step names it: View {type}, default Collection
 * (product.md#wizard-screens).
 */
export function projectLabel(type: ProjectKind): string {
  if (type === 'edition') return 'Edition';
  if (type === 'auction') return 'Auction';
  return 'Collection';
}

/**
 * Where the Submitted screen links: /{path}/{slug}, collections unless the launch has a mint page
 * (a pre-inscribed launch and an edition have one).
 */
export function outcomePath(type: ProjectKind): string {
  return type === 'pre-inscribe' || type === 'edition' ? 'mint' : 'collections';
}

function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col items-center gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 px-6 py-10 text-center"
    >
      <h2 className="text-lg font-semibold text-zinc-50">{title}</h2>
      {children}
    </section>
  );
}

export function SubmittingScreen({ type }: { type: ProjectKind }) {
  return (
    <Screen title="Submitting">
      <p role="status" className="animate-pulse text-zinc-400">
        Submitting your {projectLabel(type).toLowerCase()}…
      </p>
    </Screen>
  );
}

/**
 * What really follows the spec's "submitted for review" sentence (ADR 019): an onboarded
 * collection waits for a reviewer; a launch or an edition is live at once and may be taken down.
 */
export function reviewNote(type: ProjectKind): string {
  if (type === 'onboard') {
    return 'It stays under review until a reviewer approves it: its page opens then.';
  }
  if (type === 'auction') {
    return 'It is live now. A reviewer may still take it down while nobody has bid; you would be told why.';
  }
  return 'It is live now. A reviewer may still take it down; you would be told why.';
}

function SubmittedScreen({
  type,
  slug,
  path = outcomePath(type),
}: {
  type: ProjectKind;
  slug: string;
  path?: string;
}) {
  const href = `/${path}/${encodeURIComponent(slug)}`;
  return (
    <Screen title="Submitted">
      <p className="text-zinc-300">{submittedForReview(projectLabel(type).toLowerCase())}</p>
      <p className="text-zinc-400">{reviewNote(type)}</p>
      <div className="flex items-center gap-1">
        <Link to={href} className="font-mono text-brand-400 hover:underline">
          {href}
        </Link>
        <CopyTextButton
          value={`${window.location.origin}${href}`}
          label="Copy URL"
          copiedText={URL_COPIED}
        />
      </div>
    </Screen>
  );
}

export function SubmissionFailedScreen({
  reason,
  children,
}: {
  reason: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <Screen title={SUBMISSION_FAILED}>
      <p role="alert" className="text-red-300">
        {reason || SUBMISSION_FAILED_DEFAULT_REASON}
      </p>
      {children}
    </Screen>
  );
}

/** The screen that replaces the sign step once it is submitting, submitted or failed. */
export function OutcomeScreen({
  submitState,
  type,
  slug,
  failedReason,
  children,
}: {
  submitState: SubmitState;
  type: ProjectKind;
  slug: string;
  failedReason?: string | null;
  /** Under the failure: a way to start again. */
  children?: ReactNode;
}) {
  if (submitState === 'submitting') return <SubmittingScreen type={type} />;
  if (submitState === 'submitted') return <SubmittedScreen type={type} slug={slug} />;
  if (submitState === 'failed') {
    return <SubmissionFailedScreen reason={failedReason}>{children}</SubmissionFailedScreen>;
  }
  return null;
}
