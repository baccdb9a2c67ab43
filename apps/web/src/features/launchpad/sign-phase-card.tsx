import { formatDateTime, fromUnixSeconds } from '@om/core';
import { Button } from '../../components/ui/button.tsx';
import { btcText, satsText } from '../../lib/trade-format.ts';
import { useSignPhase, type SignPhaseContext } from './launch-signing.ts';
import { signButtonState, type SignPhase } from './sign-phases.ts';

const STATUS_LABELS: Record<SignPhase['status'], string> = {
  pending: 'Pending',
  signed: 'Signed',
  active: 'Active',
};

function allocationText(phase: SignPhase): string {
  if (phase.isPublic) return 'Unlimited';
  return phase.allocation === null ? 'Per address' : `${phase.allocation} per address`;
}

function dateText(seconds: number | null): string {
  return seconds === null ? '—' : formatDateTime(fromUnixSeconds(seconds));
}

/** One phase of the sign step: its price in BTC and sats, and its Sign button. */
export function SignPhaseCard({
  phase,
  hasLaunchpad,
  context,
}: {
  phase: SignPhase;
  /** The launch exists and is prepared: its batches can be signed. */
  hasLaunchpad: boolean;
  context: SignPhaseContext;
}) {
  const sign = useSignPhase(context);
  const button = signButtonState(phase.status, { isSigning: sign.isPending, hasLaunchpad });
  const title = `Phase ${phase.phaseNumber}: ${phase.name}`;
  return (
    <article
      aria-label={title}
      className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/40 p-4"
    >
      <header className="flex items-center justify-between gap-2">
        <h3 className="font-medium text-zinc-100">{title}</h3>
        <span className="rounded-md bg-zinc-800 px-2 py-0.5 text-xs text-zinc-300">
          {STATUS_LABELS[phase.status]}
        </span>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-400">Price</dt>
        <dd className="font-mono text-zinc-100">
          {btcText(phase.price)} <span className="text-zinc-400">({satsText(phase.price)})</span>
        </dd>
        <dt className="text-zinc-400">Allocation</dt>
        <dd className="text-zinc-100">{allocationText(phase)}</dd>
        <dt className="text-zinc-400">Starts</dt>
        <dd className="text-zinc-100">{dateText(phase.startDate)}</dd>
        <dt className="text-zinc-400">Ends</dt>
        <dd className="text-zinc-100">{dateText(phase.endDate)}</dd>
        {hasLaunchpad ? (
          <>
            <dt className="text-zinc-400">To sign</dt>
            <dd className="text-zinc-100">{phase.pendingPsbts.length} PSBT(s)</dd>
          </>
        ) : null}
      </dl>
      <Button
        variant="primary"
        className="self-start"
        disabled={button.disabled}
        onClick={() => sign.mutate(phase)}
      >
        {button.label}
      </Button>
    </article>
  );
}
