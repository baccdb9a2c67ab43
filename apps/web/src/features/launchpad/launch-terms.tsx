import { AGREE_TO_ALL_TERMS } from '@om/core';
import { useState } from 'react';

/**
 * product.md#wizard-screens "Sign step": three terms, every one required before creating and
 * signing.
 */
const LAUNCH_TERMS = [
  'I own the intellectual property rights to this collection, or have the right to launch it.',
  'This collection contains no illegal or NSFW content.',
  'The provider is not liable for this collection and may remove it at any time.',
] as const;

/** The three checkboxes; `onChange` hears whether all of them are ticked. */
export function LaunchTerms({
  accepted,
  onChange,
}: {
  /** All accepted already (the draft's termsAccepted), so coming back keeps them ticked. */
  accepted: boolean;
  onChange: (allAccepted: boolean) => void;
}) {
  const [ticked, setTicked] = useState<boolean[]>(() => LAUNCH_TERMS.map(() => accepted));
  const toggle = (index: number, isChecked: boolean) => {
    const next = ticked.map((value, i) => (i === index ? isChecked : value));
    setTicked(next);
    onChange(next.every(Boolean));
  };
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4">
      <legend className="px-1 text-sm font-medium text-zinc-200">Terms and conditions</legend>
      {LAUNCH_TERMS.map((term, i) => (
        <label key={term} className="flex items-start gap-2 text-sm text-zinc-300">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={ticked[i] ?? false}
            onChange={(event) => toggle(i, event.target.checked)}
          />
          {term}
        </label>
      ))}
      {ticked.every(Boolean) ? null : (
        <p className="text-xs text-amber-300">{AGREE_TO_ALL_TERMS}</p>
      )}
    </fieldset>
  );
}
