import type { ReactNode } from 'react';

export type ChoiceCard<T extends string> = {
  value: T;
  title: string;
  description: ReactNode;
  /** Shown but not selectable, with this note (e.g. 'Coming soon'). */
  disabledNote?: string;
};

/**
 * A choice among cards: radio buttons under a legend, so the keyboard and screen readers treat it
 * as one question with one answer. The value comes back as the input's string, unchecked.
 */
export function ChoiceCards<T extends string>({
  legend,
  name,
  cards,
  value,
  onChoose,
}: {
  legend: string;
  name: string;
  cards: readonly ChoiceCard<T>[];
  value: T;
  onChoose: (value: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm text-zinc-400">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {cards.map((card) => {
          const isDisabled = card.disabledNote !== undefined;
          const isChosen = card.value === value && !isDisabled;
          return (
            <label
              key={card.value}
              className={`flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                isChosen
                  ? 'border-brand-500 bg-brand-500/10'
                  : 'border-zinc-800 bg-zinc-900/40 hover:border-zinc-600'
              } ${isDisabled ? 'cursor-not-allowed opacity-50 hover:border-zinc-800' : ''}`}
            >
              <input
                type="radio"
                name={name}
                value={card.value}
                checked={isChosen}
                disabled={isDisabled}
                onChange={(event) => onChoose(event.target.value)}
                className="mt-1 accent-brand-500"
              />
              <span className="flex flex-col gap-1">
                <span className="font-medium text-zinc-100">
                  {card.title}
                  {card.disabledNote ? (
                    <span className="ml-2 rounded-full bg-zinc-800 px-2 py-0.5 text-xs text-zinc-400">
                      {card.disabledNote}
                    </span>
                  ) : null}
                </span>
                <span className="text-sm text-zinc-400">{card.description}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
