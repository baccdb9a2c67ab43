import {
  CONNECT_YOUR_WALLET,
  formatDateTime,
  parseBtcToSats,
  parseDateTimeInput,
  type EditionFormValues,
} from '@om/core';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Amount, ReviewRow } from '../../shared/trade-ui.tsx';
import { useWallet } from '../wallet/wallet-context.ts';
import { useCreateEdition } from './edition-create.mutations.ts';
import { createErrorMessage } from './launch-create.mutations.ts';
import type { StepProps } from './launch-draft.ts';
import { LaunchTerms } from './launch-terms.tsx';
import { OutcomeScreen } from './outcome-screens.tsx';

/**
 * Submit Project of the Edition flow (product.md#wizard-screens, #creator-calls): what will be
 * launched, the three terms, then Submit → POST /api/launchpad/editions/create → Submitted (linking
 * /mint/{slug}) or Submission Failed with the server's reason.
 */
export function EditionSubmitStep({ draft, onChange, onValidChange }: StepProps) {
  const { wallet } = useWallet();
  const create = useCreateEdition();
  const [failedReason, setFailedReason] = useState<string>();
  useEffect(() => onValidChange(draft.termsAccepted), [draft.termsAccepted, onValidChange]);

  if (draft.submitState !== 'submit') {
    return (
      <OutcomeScreen
        submitState={draft.submitState}
        type="edition"
        slug={draft.info.slug}
        failedReason={failedReason}
      >
        <Button onClick={() => onChange({ submitState: 'submit' })}>Try again</Button>
      </OutcomeScreen>
    );
  }

  const submit = () => {
    onChange({ submitState: 'submitting' });
    create.mutate(draft, {
      onSuccess: () => onChange({ submitState: 'submitted' }),
      onError: (error) => {
        setFailedReason(createErrorMessage(error) || undefined);
        onChange({ submitState: 'failed' });
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <EditionSummary name={draft.info.name} slug={draft.info.slug} edition={draft.edition} />
      <LaunchTerms
        accepted={draft.termsAccepted}
        onChange={(termsAccepted) => onChange({ termsAccepted })}
      />
      {wallet ? null : <p className="text-sm text-amber-300">{CONNECT_YOUR_WALLET}</p>}
      <Button
        variant="primary"
        className="self-start"
        disabled={!draft.termsAccepted || !wallet || create.isPending}
        onClick={submit}
      >
        Submit
      </Button>
    </div>
  );
}

function dateText(value: string, unset: string): string {
  const date = value ? parseDateTimeInput(value) : undefined;
  return date ? formatDateTime(date) : unset;
}

function EditionSummary({
  name,
  slug,
  edition,
}: {
  name: string;
  slug: string;
  edition: EditionFormValues;
}) {
  const price = parseBtcToSats(edition.price);
  return (
    <dl
      aria-label="Edition"
      className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm"
    >
      <ReviewRow term="Collection">{name}</ReviewRow>
      <ReviewRow term="Mint page">/mint/{slug}</ReviewRow>
      <ReviewRow term="Original">
        <span className="break-all font-mono text-xs">{edition.inscriptionId}</span>
      </ReviewRow>
      <ReviewRow term="Editions">{String(edition.numberOfEditions)}</ReviewRow>
      <ReviewRow term="Price">{price === undefined ? '—' : <Amount sats={price} />}</ReviewRow>
      <ReviewRow term="Starts">{dateText(edition.startDate, 'When submitted')}</ReviewRow>
      <ReviewRow term="Ends">{dateText(edition.endDate, 'No end')}</ReviewRow>
      <ReviewRow term="Progress bar">{edition.hideProgress ? 'Hidden' : 'Shown'}</ReviewRow>
    </dl>
  );
}
