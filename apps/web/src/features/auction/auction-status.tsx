import type { Auction } from '@om/core';
import { Amount, ReviewRow } from '../../shared/trade-ui.tsx';
import { wireSats } from '../../lib/trade-format.ts';
import { auctionPhase, countdownText, PHASE_LABELS, type AuctionPhase } from './auction-state.ts';

const LOOKS: Record<AuctionPhase, string> = {
  upcoming: 'border-sky-500/40 bg-sky-500/10 text-sky-300',
  live: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300',
  ended: 'border-zinc-700 bg-zinc-800/60 text-zinc-400',
  settled: 'border-brand-500/40 bg-brand-500/10 text-brand-300',
  unsold: 'border-red-500/40 bg-red-500/10 text-red-300',
  canceled: 'border-zinc-700 bg-zinc-800/60 text-zinc-400',
  withdrawn: 'border-amber-500/40 bg-amber-500/10 text-amber-300',
};

/** The auction's phase, its countdown and its prices, in BTC and sats. */
export function AuctionStatus({ auction, nowSeconds }: { auction: Auction; nowSeconds: number }) {
  const phase = auctionPhase(auction, nowSeconds);
  return (
    <section
      aria-label="Auction status"
      className="flex flex-col gap-3 rounded-xl border border-zinc-800 bg-zinc-900/60 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          data-phase={phase}
          className={`inline-flex h-6 items-center rounded-full border px-2.5 text-xs font-medium ${LOOKS[phase]}`}
        >
          {PHASE_LABELS[phase]}
        </span>
        <p role="timer" aria-label="Countdown" className="font-mono text-sm text-zinc-200">
          {countdownText(auction, nowSeconds)}
        </p>
      </div>
      <dl aria-label="Prices" className="text-sm">
        <ReviewRow term="Start price">
          <Amount sats={wireSats(auction.start_price)} />
        </ReviewRow>
        <ReviewRow term="Reserve price">
          {auction.reserve_price === null ? (
            'None'
          ) : (
            <Amount sats={wireSats(auction.reserve_price)} />
          )}
        </ReviewRow>
        <ReviewRow term="Highest bid" strong>
          {auction.highest_bid === null ? (
            'No bids yet'
          ) : (
            <Amount sats={wireSats(auction.highest_bid)} />
          )}
        </ReviewRow>
        {phase === 'live' || phase === 'upcoming' ? (
          <ReviewRow term="Minimum next bid">
            <Amount sats={wireSats(auction.minimum_bid)} />
          </ReviewRow>
        ) : null}
      </dl>
    </section>
  );
}
