import { formatDuration, isPhaseActive, type PhaseWindow } from '@om/core';

// Where a launch's phases stand at a moment (product.md#market-screens "Launches"): open, still to
// come or over, and the countdown each shows. Dates are UTC seconds, compared in whole seconds as
// isPhaseActive does.

export type PhaseState = 'open' | 'upcoming' | 'ended';

function seconds(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

export function phaseState(phase: PhaseWindow, now: Date): PhaseState {
  if (isPhaseActive(phase, now)) return 'open';
  return phase.start_date > seconds(now) ? 'upcoming' : 'ended';
}

/** The phase open now, else the next one to open (earliest start), else undefined. */
export function currentOrNextPhase<T extends PhaseWindow>(
  phases: readonly T[],
  now: Date,
): T | undefined {
  const open = phases.find((phase) => phaseState(phase, now) === 'open');
  if (open) return open;
  return phases
    .filter((phase) => phaseState(phase, now) === 'upcoming')
    .reduce<T | undefined>(
      (next, phase) => (next === undefined || phase.start_date < next.start_date ? phase : next),
      undefined,
    );
}

/**
 * The live countdown of a phase, in the words of the spec's countdowns
 * (product.md#states-and-transitions): 'Coming in 2d 3h' before it starts, 'Ends in 59m 59s' while
 * open, 'Open Ended' without an end, then 'Ended'.
 */
export function phaseCountdown(phase: PhaseWindow, now: Date): string {
  const t = seconds(now);
  switch (phaseState(phase, now)) {
    case 'upcoming':
      return `Coming in ${formatDuration(phase.start_date - t)}`;
    case 'open':
      return phase.end_date === null
        ? 'Open Ended'
        : `Ends in ${formatDuration(phase.end_date - t)}`;
    case 'ended':
      return 'Ended';
  }
}
