import type { BitcoinNetwork } from '@om/bitcoin';
import {
  defaultPhases,
  newPhase,
  PHASES_REQUIRED,
  phasesFormSchema,
  START_AFTER_PREVIOUS_END,
  type PhaseFormValues,
} from '@om/core';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/load-state.tsx';
import { useAppConfig } from '../../shared/config.queries.ts';
import type { StepProps } from './launch-draft.ts';
import { PhaseCard } from './phase-card.tsx';

export type PhasesCheck = {
  /** Every card finished, each valid, and no phase starting before the previous one ends. */
  isValid: boolean;
  /** Per phase, the overlap message when it starts before the previous phase ends. */
  overlapErrors: (string | undefined)[];
};

/** The step's rules (product.md#validation "Phases"), with core's phasesFormSchema. */
function checkPhases(phases: readonly PhaseFormValues[], network: BitcoinNetwork): PhasesCheck {
  const parsed = phasesFormSchema(network).safeParse(phases);
  const overlapErrors = phases.map((): string | undefined => undefined);
  for (const issue of parsed.error?.issues ?? []) {
    const [index] = issue.path;
    if (issue.message === START_AFTER_PREVIOUS_END && typeof index === 'number') {
      overlapErrors[index] = issue.message;
    }
  }
  const isValid = parsed.success && phases.every((phase) => phase.isFinished);
  return { isValid, overlapErrors };
}

/**
 * Determine Phases (product.md#wizard-screens, #states-and-transitions, #validation): the phase
 * cards, three by default (two 'Whitelist Sale', one 'Public Sale'), Add Phase and Remove; Next
 * only when every card is Done and valid.
 */
export function PhasesStep({ draft, onChange, onValidChange }: StepProps) {
  const network = useAppConfig()?.network;
  const { phases } = draft;
  const check = network ? checkPhases(phases, network) : undefined;
  const isValid = check?.isValid ?? false;

  // A draft that has no phase yet starts with the defaults, once.
  const hasStarted = useRef(false);
  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (phases.length === 0) onChange({ phases: defaultPhases() });
  }, [phases.length, onChange]);
  useEffect(() => onValidChange(isValid), [isValid, onValidChange]);

  if (!network || !check) return <Loading what="the network" />;
  const replace = (uuid: string, phase: PhaseFormValues) =>
    onChange({ phases: phases.map((p) => (p.uuid === uuid ? phase : p)) });

  return (
    <div className="flex flex-col gap-4">
      {phases.length === 0 ? (
        <p role="alert" className="text-sm text-red-300">
          {PHASES_REQUIRED}
        </p>
      ) : null}
      {phases.map((phase, i) => (
        <PhaseCard
          key={phase.uuid}
          phase={phase}
          phaseNumber={i + 1}
          network={network}
          overlapError={check.overlapErrors[i]}
          onChange={(next) => replace(phase.uuid, next)}
          onRemove={() => onChange({ phases: phases.filter((p) => p.uuid !== phase.uuid) })}
        />
      ))}
      <Button className="self-start" onClick={() => onChange({ phases: [...phases, newPhase()] })}>
        Add Phase
      </Button>
    </div>
  );
}
