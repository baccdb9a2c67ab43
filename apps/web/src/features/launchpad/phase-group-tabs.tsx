import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import type { SignPhaseContext } from './launch-signing.ts';
import { SignPhaseCard } from './sign-phase-card.tsx';
import {
  canGoToNextGroup,
  firstGroup,
  groupPhases,
  isGroupDone,
  nextGroup,
  PHASE_GROUPS,
  type PhaseGroup,
  type SignPhase,
} from './sign-phases.ts';

/**
 * The sign step's phases in tabs Whitelist, Public and Other (product.md#wizard-screens), each
 * with a check mark once none of its phases is pending; Next Group opens the next one only then.
 */
export function PhaseGroupTabs({
  phases,
  hasLaunchpad,
  context,
}: {
  phases: readonly SignPhase[];
  hasLaunchpad: boolean;
  context: SignPhaseContext;
}) {
  const groups = groupPhases(phases);
  const [current, setCurrent] = useState<PhaseGroup>(() => firstGroup(groups));
  const baseId = useId();
  const next = nextGroup(groups, current);

  return (
    <div className="flex flex-col gap-3">
      <div role="tablist" aria-label="Phase groups" className="flex gap-2">
        {PHASE_GROUPS.map((group) => {
          const members = groups[group];
          const isDone = members.length > 0 && isGroupDone(members);
          return (
            <button
              key={group}
              type="button"
              role="tab"
              id={`${baseId}-${group}-tab`}
              aria-label={isDone ? `${group} (all signed)` : group}
              aria-selected={group === current}
              aria-controls={`${baseId}-panel`}
              disabled={members.length === 0}
              onClick={() => setCurrent(group)}
              className="rounded-lg border border-zinc-800 px-3 py-1.5 text-sm text-zinc-300 disabled:opacity-40 aria-selected:border-brand-500 aria-selected:text-zinc-50"
            >
              {group}
              {isDone ? <span aria-hidden="true"> ✓</span> : null}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-${current}-tab`}
        className="grid gap-3 md:grid-cols-2"
      >
        {groups[current].map((phase) => (
          <SignPhaseCard
            key={phase.id}
            phase={phase}
            hasLaunchpad={hasLaunchpad}
            context={context}
          />
        ))}
      </div>
      <Button
        className="self-end"
        disabled={!canGoToNextGroup(groups, current)}
        onClick={() => next && setCurrent(next)}
      >
        Next Group
      </Button>
    </div>
  );
}
