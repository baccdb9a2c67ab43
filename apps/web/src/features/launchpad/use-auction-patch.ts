import { useCallback, useEffect, useRef } from 'react';
import type { AuctionDraft } from './auction-draft.ts';
import type { LaunchDraft } from './launch-draft.ts';

/**
 * Changes part of the draft's auction. The wizard merges patches at the draft's top level, so
 * each patch carries the whole auction: the latest one, even between two renders.
 */
export function useAuctionPatch(
  auction: AuctionDraft,
  onChange: (patch: Partial<LaunchDraft>) => void,
): (patch: Partial<AuctionDraft>) => void {
  const latest = useRef(auction);
  useEffect(() => {
    latest.current = auction;
  }, [auction]);
  return useCallback(
    (patch: Partial<AuctionDraft>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      onChange({ auction: next });
    },
    [onChange],
  );
}
