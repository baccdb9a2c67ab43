import { sidebarState, type SidebarState, type WizardStep } from './wizard-steps.ts';

const BADGE: Record<SidebarState, string> = {
  completed: 'border-brand-500 bg-brand-500 text-zinc-950',
  current: 'border-brand-500 text-brand-400',
  upcoming: 'border-zinc-700 text-zinc-500',
};

/**
 * The numbered steps (product.md#wizard-screens): completed ones show a check and open again, the
 * current one is marked, the ones ahead are disabled. A row on small screens, a column beside the
 * form above.
 */
export function WizardSidebar({
  steps,
  current,
  isSubmitted = false,
  onSelect,
}: {
  steps: readonly WizardStep[];
  current: number;
  /** The project is submitted: the last step is done too. */
  isSubmitted?: boolean;
  onSelect: (index: number) => void;
}) {
  return (
    <nav aria-label="Launch steps" className="md:sticky md:top-4 md:self-start">
      <ol className="flex gap-2 overflow-x-auto pb-2 md:flex-col md:overflow-visible md:pb-0">
        {steps.map((step, index) => {
          const state = sidebarState(index, current, isSubmitted);
          return (
            <li key={step.id} className="shrink-0">
              <button
                type="button"
                disabled={state === 'upcoming'}
                aria-current={state === 'current' ? 'step' : undefined}
                onClick={() => onSelect(index)}
                className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left transition-colors disabled:cursor-not-allowed ${
                  state === 'current'
                    ? 'bg-zinc-800 text-zinc-50'
                    : 'text-zinc-300 hover:bg-zinc-900 disabled:text-zinc-500 disabled:hover:bg-transparent'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold ${BADGE[state]}`}
                >
                  {state === 'completed' ? <CheckMark /> : index + 1}
                </span>
                <span className="whitespace-nowrap">{step.title}</span>
                {state === 'completed' ? <span className="sr-only">, completed</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function CheckMark() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor">
      <path d="M5 12l5 5 9-10" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
