import { CONNECT_YOUR_WALLET } from '@om/core';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/load-state.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import { ReviewRow } from '../../shared/trade-ui.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import type { StepProps } from './launch-draft.ts';
import { onboardProblems, useOnboardCollection } from './onboard.mutations.ts';
import { OutcomeScreen } from './outcome-screens.tsx';

/**
 * Finalize Submission of the onboard flow (product.md#wizard-screens, #creator-calls): what will
 * be sent, checked with the server's schema, then Submit → POST /api/collection/onboard →
 * Submitted, linking the collection. A refusal is the toast 'Failed to onboard collection' and the
 * step stays on Submit.
 */
export function FinalizeSubmissionStep({ draft, onChange, onValidChange }: StepProps) {
  const { wallet } = useWallet();
  const network = useAppConfig()?.network;
  const onboard = useOnboardCollection();
  const [submittedSlug, setSubmittedSlug] = useState<string>();
  const problems = network ? onboardProblems(draft, network) : [];
  const canSubmit = network !== undefined && problems.length === 0 && wallet !== null;
  useEffect(() => onValidChange(canSubmit), [canSubmit, onValidChange]);

  if (draft.submitState !== 'submit') {
    return (
      <OutcomeScreen
        submitState={draft.submitState}
        type="onboard"
        slug={submittedSlug ?? draft.info.slug}
      />
    );
  }
  if (!network) return <Loading what="the configuration" />;

  const submit = () => {
    onChange({ submitState: 'submitting' });
    onboard.mutate(draft, {
      onSuccess: ({ slug }) => {
        setSubmittedSlug(slug);
        onChange({ submitState: 'submitted' });
      },
      onError: () => onChange({ submitState: 'submit' }),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <dl
        aria-label="Submission"
        className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm"
      >
        <ReviewRow term="Collection">{draft.info.name || '—'}</ReviewRow>
        <ReviewRow term="Slug">{draft.info.slug || '—'}</ReviewRow>
        <ReviewRow term="Creator">{draft.info.creator_name || '—'}</ReviewRow>
        <ReviewRow term="Inscriptions">{draft.inscriptions.length}</ReviewRow>
      </dl>
      <p className="text-sm text-zinc-400">The collection is reviewed before it can be traded.</p>
      {problems.length > 0 ? (
        <ul
          aria-label="To fix before submitting"
          className="flex flex-col gap-1 text-sm text-red-300"
        >
          {problems.map((problem, index) => (
            <li key={`${index}:${problem}`}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {wallet ? null : <p className="text-sm text-amber-300">{CONNECT_YOUR_WALLET}</p>}
      <Button
        variant="primary"
        className="self-start"
        disabled={!canSubmit || onboard.isPending}
        onClick={submit}
      >
        Submit
      </Button>
    </div>
  );
}
