import { AUCTION_WITHDRAWN, NO_TRANSACTION_FOUND, type Auction } from '@om/core';
import { TrackedTransaction } from '../../shared/tracked-transaction.tsx';
import type { AuctionPhase } from './auction-state.ts';

/**
 * The settlement transaction once the auction has ended (product.md#states-and-transitions,
 * #records "Transaction display"): 'No transaction found' until the server broadcasts it, then its
 * confirmations, then confirmed (core txDisplayState, through TrackedTransaction).
 */
export function AuctionSettlement({ auction, phase }: { auction: Auction; phase: AuctionPhase }) {
  if (phase === 'upcoming' || phase === 'live' || phase === 'canceled') return null;
  if (phase === 'withdrawn') {
    return (
      <section
        aria-label="Settlement"
        className="flex flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4"
      >
        <h2 className="font-medium text-zinc-100">Settlement</h2>
        <p role="status" aria-label="Settlement status" className="text-sm text-amber-300">
          {AUCTION_WITHDRAWN}
        </p>
        <p className="text-xs text-zinc-500">
          No bid can settle any more: every bidder’s coins are free again.
        </p>
      </section>
    );
  }
  return (
    <section
      aria-label="Settlement"
      className="flex flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <h2 className="font-medium text-zinc-100">Settlement</h2>
      {auction.settlement_txid ? (
        <TrackedTransaction txid={auction.settlement_txid} label="Settlement" keep />
      ) : (
        <>
          <p role="status" aria-label="Settlement status" className="text-sm text-zinc-400">
            {NO_TRANSACTION_FOUND}
          </p>
          <p className="text-xs text-zinc-500">
            {phase === 'unsold'
              ? 'No bid could settle: the inscription stays in the seller’s maker wallet.'
              : 'The highest bid that can still pay settles shortly after the end.'}
          </p>
        </>
      )}
    </section>
  );
}
