import { FAILED_TO_FETCH_ALLOCATION, type Allocation } from '@om/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Loading } from '../../components/ui/load-state.tsx';
import { describeError } from '../signing/flow-steps.ts';
import { ReviewRow } from '../../shared/trade-ui.tsx';

const UNLIMITED = 'Unlimited';

/**
 * What the connected wallet may mint in the open phase (get-allocation): allow-listed or not,
 * its allocation, what it minted and what is left; a public phase has no limit.
 */
export function MintAllocation({
  isConnected,
  phaseName,
  query,
}: {
  isConnected: boolean;
  phaseName: string;
  query: UseQueryResult<Allocation>;
}) {
  if (!isConnected) {
    return <p className="text-sm text-zinc-400">Connect a wallet to see your allocation.</p>;
  }
  if (query.isPending) return <Loading what="your allocation" className="text-sm" />;
  if (query.error) {
    return (
      <p role="alert" className="text-sm text-red-300">
        {FAILED_TO_FETCH_ALLOCATION}: {describeError(query.error)}
      </p>
    );
  }
  const allocation = query.data;
  return (
    <section aria-label="Your allocation" className="flex flex-col gap-2">
      <dl className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
        <ReviewRow term="Allow list">
          {allocation.isPublic
            ? 'Public phase'
            : allocation.isAllowed
              ? 'On the allow list'
              : 'Not on the allow list'}
        </ReviewRow>
        <ReviewRow term="Allocation">{allocation.allocation ?? UNLIMITED}</ReviewRow>
        <ReviewRow term="Minted">{allocation.minted}</ReviewRow>
        <ReviewRow term="Remaining">{allocation.remaining ?? UNLIMITED}</ReviewRow>
      </dl>
      {allocation.isAllowed ? null : (
        <div role="status" className="text-xs text-amber-300">
          <p>This wallet is not on the allow list of {phaseName}</p>
          <p>It cannot mint in this phase.</p>
        </div>
      )}
    </section>
  );
}
