import { useEffect } from 'react';
import { toast } from 'sonner';
import { ChoiceCards, type ChoiceCard } from './choice-cards.tsx';
import type { LaunchType, StepProps } from './launch-draft.ts';
import { resolveLaunchType } from './wizard-steps.ts';

// product.md#launch-types: the four launch types; Inscribe is shown disabled as coming soon.
const TYPE_CARDS: readonly ChoiceCard<LaunchType>[] = [
  {
    value: 'pre-inscribe',
    title: 'Pre Inscribe',
    description: 'Submit existing inscriptions as a collection with mint phases.',
  },
  {
    value: 'edition',
    title: 'Edition',
    description: 'Publish a number of editions of one inscription you own.',
  },
  {
    value: 'auction',
    title: 'Auction',
    description: 'Start an auction for one inscription you own.',
  },
  {
    value: 'inscribe',
    title: 'Inscribe',
    description: 'Inscribe a new collection and launch it.',
    disabledNote: 'Coming soon',
  },
];

/**
 * Choosing a type loads its steps and starts its submission afresh (product.md#wizard-screens): no
 * launchpad id, terms not accepted, submit state back to Submit. A type the wizard does not build
 * gives 'Launchpad is not configured' and Pre Inscribe.
 */
export function LaunchTypeStep({ draft, onChange, onValidChange }: StepProps) {
  // The draft always holds a type (Pre Inscribe by default), shown chosen.
  useEffect(() => {
    onValidChange(true);
  }, [onValidChange]);

  const choose = (value: string) => {
    const { value: type, error } = resolveLaunchType(value);
    if (error) toast.error(error);
    onChange({ type, launchpadId: null, termsAccepted: false, submitState: 'submit' });
  };

  return (
    <ChoiceCards
      legend="What do you want to launch?"
      name="launch-type"
      cards={TYPE_CARDS}
      value={draft.type}
      onChoose={choose}
    />
  );
}
