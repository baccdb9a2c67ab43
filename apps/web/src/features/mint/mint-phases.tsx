import { formatDateTime, fromUnixSeconds, type PublicLaunchpad } from '@om/core';
import { phaseCountdown, phaseState, type PhaseState } from '../launches/launch-phase.ts';
import { Amount } from '../../shared/trade-ui.tsx';
import { wireSats } from '../../lib/trade-format.ts';

type Phase = PublicLaunchpad['phases'][number];

const STATE_LOOKS: Record<PhaseState, { label: string; className: string }> = {
  open: { label: 'Open now', className: 'text-emerald-300' },
  upcoming: { label: 'Upcoming', className: 'text-sky-300' },
  ended: { label: 'Ended', className: 'text-zinc-500' },
};

/** Every phase in order: its price, dates, who may mint, and a live countdown. */
export function MintPhases({ phases, now }: { phases: readonly Phase[]; now: Date }) {
  const ordered = [...phases].sort((a, b) => a.phase_number - b.phase_number);
  return (
    <section aria-label="Phases" className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-400">Phases</h2>
      <ol className="flex flex-col gap-2">
        {ordered.map((phase) => (
          <PhaseRow key={phase.id} phase={phase} now={now} />
        ))}
      </ol>
    </section>
  );
}

function PhaseRow({ phase, now }: { phase: Phase; now: Date }) {
  const state = phaseState(phase, now);
  const look = STATE_LOOKS[state];
  return (
    <li
      aria-label={phase.name}
      aria-current={state === 'open' ? 'step' : undefined}
      className={`flex flex-wrap items-start justify-between gap-4 rounded-xl border p-4 ${
        state === 'open' ? 'border-brand-500/50 bg-brand-500/5' : 'border-zinc-800 bg-zinc-900/60'
      }`}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-zinc-100">{phase.name}</span>
          <span className={`text-xs font-medium ${look.className}`}>{look.label}</span>
          <span className="rounded-full border border-zinc-700 px-2 text-xs text-zinc-400">
            {phase.is_public ? 'Public' : 'Allow list'}
          </span>
        </div>
        <p className="text-xs text-zinc-500">
          {formatDateTime(fromUnixSeconds(phase.start_date))} →{' '}
          {phase.end_date === null ? 'no end' : formatDateTime(fromUnixSeconds(phase.end_date))}
        </p>
        <p role="timer" aria-label={`${phase.name} countdown`} className="text-sm text-zinc-300">
          {phaseCountdown(phase, now)}
        </p>
      </div>
      <Amount sats={wireSats(phase.price)} />
    </li>
  );
}
