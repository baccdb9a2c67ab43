import type { BitcoinNetwork } from '@om/bitcoin';
import {
  formatDateTime,
  parseAllowList,
  parseBtcToSats,
  phaseWindow,
  type PhaseFormValues,
} from '@om/core';
import { Button } from '../../components/ui/button.tsx';
import { btcText, satsText } from '../../lib/trade-format.ts';
import { PhaseEditForm } from './phase-edit-form.tsx';

function allocationText(phase: PhaseFormValues): string {
  if (phase.isPublic) return 'Unlimited';
  if (phase.isSameAllocation) return `${phase.allocation} per address`;
  return 'Per address, from the allow list';
}

function PhaseSummary({ phase, network }: { phase: PhaseFormValues; network: BitcoinNetwork }) {
  const sats = parseBtcToSats(phase.price) ?? 0n;
  const { start, end } = phaseWindow(phase);
  const listed = phase.isPublic
    ? undefined
    : parseAllowList(phase.allowList, {
        network,
        isSameAllocation: phase.isSameAllocation,
        allocation: phase.allocation,
      }).entries.length;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-zinc-400">Price</dt>
      <dd className="font-mono text-zinc-100">
        {btcText(sats)} <span className="text-zinc-400">({satsText(sats)})</span>
      </dd>
      <dt className="text-zinc-400">Allocation</dt>
      <dd className="text-zinc-100">{allocationText(phase)}</dd>
      <dt className="text-zinc-400">Starts</dt>
      <dd className="text-zinc-100">{start ? formatDateTime(start) : '—'}</dd>
      <dt className="text-zinc-400">Ends</dt>
      <dd className="text-zinc-100">{end ? formatDateTime(end) : '—'}</dd>
      {listed === undefined ? null : (
        <>
          <dt className="text-zinc-400">Allow list</dt>
          <dd className="text-zinc-100">{listed} address(es)</dd>
        </>
      )}
    </dl>
  );
}

/**
 * One phase of the Determine Phases step (product.md#wizard-screens, #states-and-transitions): its
 * number, the edit view until Done marks it finished, then its summary until Edit; the previous
 * phase's overlap shown on it. A phase that overlaps the previous one stays open, as any other
 * error keeps the form: its dates are what needs fixing.
 */
export function PhaseCard({
  phase,
  phaseNumber,
  network,
  overlapError,
  onChange,
  onRemove,
}: {
  phase: PhaseFormValues;
  phaseNumber: number;
  network: BitcoinNetwork;
  /** "Start time must be after the previous phase's end time." when it starts too early. */
  overlapError: string | undefined;
  onChange: (phase: PhaseFormValues) => void;
  onRemove: () => void;
}) {
  const title = `Phase ${phaseNumber}`;
  const isSummary = phase.isFinished && overlapError === undefined;
  return (
    <article
      aria-label={title}
      className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4"
    >
      <header className="flex items-center justify-between gap-2">
        <h3 className="font-medium text-zinc-100">
          {title}
          {isSummary ? <span className="text-zinc-400"> · {phase.name}</span> : null}
        </h3>
        <Button variant="danger" size="sm" onClick={onRemove}>
          Remove phase
        </Button>
      </header>
      {isSummary ? (
        <>
          <PhaseSummary phase={phase} network={network} />
          <Button
            size="sm"
            className="self-start"
            onClick={() => onChange({ ...phase, isFinished: false })}
          >
            Edit
          </Button>
        </>
      ) : (
        <PhaseEditForm
          phase={phase}
          network={network}
          // An edit reopens a phase kept open by its overlap: it closes on Done, not when the
          // overlap happens to clear while its dates are being typed.
          onEdit={(values) => onChange({ ...values, isFinished: false })}
          onDone={onChange}
        />
      )}
      {overlapError ? (
        <p role="alert" className="text-sm text-red-300">
          {overlapError}
        </p>
      ) : null}
    </article>
  );
}
