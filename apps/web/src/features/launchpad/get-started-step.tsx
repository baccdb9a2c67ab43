import { useEffect } from 'react';
import { toast } from 'sonner';
import { ChoiceCards, type ChoiceCard } from './choice-cards.tsx';
import type { StartChoice, StepProps } from './launch-draft.ts';
import { resolveStartChoice } from './wizard-steps.ts';

const START_CARDS: readonly ChoiceCard<StartChoice>[] = [
  {
    value: 'create',
    title: 'Create a new launch',
    description: 'Launch a collection, an edition or an auction from inscriptions you hold.',
  },
  {
    value: 'onboard',
    title: 'Submit a live collection',
    description: 'Bring an existing set of inscriptions to the marketplace.',
  },
];

/** product.md#launch-types: Create a new launch, or Submit a live collection (the onboard flow). */
export function GetStartedStep({ draft, onChange, onValidChange }: StepProps) {
  // One of the two is always chosen (Create by default), so the step may always go on.
  useEffect(() => {
    onValidChange(true);
  }, [onValidChange]);

  const choose = (value: string) => {
    const { value: start, error } = resolveStartChoice(value);
    if (error) toast.error(error);
    onChange({ start });
  };

  return (
    <ChoiceCards
      legend="How do you want to start?"
      name="start"
      cards={START_CARDS}
      value={draft.start}
      onChoose={choose}
    />
  );
}
