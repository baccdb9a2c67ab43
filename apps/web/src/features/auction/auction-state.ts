import {
  AUCTION_ENDED,
  AUCTION_NOT_OPEN,
  AUCTION_NOT_STARTED,
  AUCTION_WITHDRAWN,
  auctionTiming,
  countdownParts,
  formatDateTime,
  fromUnixSeconds,
  SELLER_CANNOT_BID,
  type Auction,
  type AuctionBidStatus,
} from '@om/core';

// What the auction page shows of an auction at a moment (ADR 012): its phase, the
// countdown, whether one may bid, and how often to ask the server again.

/**
 * product.md#wizard-screens /auction/{slug}: upcoming, live, ended (being settled), settled,
 * unsold, canceled; and withdrawn, when the seller took the item out of escrow
 * (product.md#trust-findings finding 4, ADR 012).
 */
export type AuctionPhase =
  'upcoming' | 'live' | 'ended' | 'settled' | 'unsold' | 'canceled' | 'withdrawn';

export const PHASE_LABELS: Record<AuctionPhase, string> = {
  upcoming: 'Upcoming',
  live: 'Live',
  ended: 'Ended',
  settled: 'Settled',
  unsold: 'Unsold',
  canceled: 'Canceled',
  withdrawn: 'Withdrawn',
};

export const BID_STATUS_LABELS: Record<AuctionBidStatus, string> = {
  pending_signature: 'Unsigned',
  standing: 'Highest',
  outbid: 'Outbid',
  won: 'Won',
  invalid: 'Invalid',
};

type Timed = Pick<Auction, 'status' | 'start_date' | 'end_date'>;

/** An active auction by the clock (bids in [start, end)); the server's closing states as they are. */
export function auctionPhase(auction: Timed, nowSeconds: number): AuctionPhase {
  switch (auction.status) {
    case 'settled':
      return 'settled';
    case 'unsold':
      return 'unsold';
    case 'canceled':
      return 'canceled';
    case 'withdrawn':
      return 'withdrawn';
    case 'failed':
      return 'ended';
    case 'pending_signature':
    case 'pending':
      return nowSeconds < auction.end_date ? 'upcoming' : 'ended';
    case 'active': {
      const timing = auctionTiming(nowSeconds, auction.start_date, auction.end_date);
      return timing === 'open' ? 'live' : timing;
    }
  }
}

const UNITS = [
  ['years', 'y'],
  ['months', 'mo'],
  ['days', 'd'],
  ['hours', 'h'],
  ['minutes', 'm'],
  ['seconds', 's'],
] as const;

/**
 * A live countdown: the largest unit left and the two after it, zeros kept so it ticks evenly
 * ('1d 0h 5m', '2h 0m 30s', '10s'); a year is 365 days and a month 30
 * (product.md#constants-and-limits).
 */
function countdownLabel(totalSeconds: number): string {
  const parts = countdownParts(totalSeconds);
  const first = UNITS.findIndex(([unit]) => parts[unit] > 0);
  if (first < 0) return '0s';
  return UNITS.slice(first, first + 3)
    .map(([unit, suffix]) => `${parts[unit]}${suffix}`)
    .join(' ');
}

/** 'Starts in 1d 2h 0m', 'Ends in 4m 10s', or when it ended. */
export function countdownText(auction: Timed, nowSeconds: number): string {
  const phase = auctionPhase(auction, nowSeconds);
  if (phase === 'upcoming') return `Starts in ${countdownLabel(auction.start_date - nowSeconds)}`;
  if (phase === 'live') return `Ends in ${countdownLabel(auction.end_date - nowSeconds)}`;
  return `Ended ${formatDateTime(fromUnixSeconds(auction.end_date))}`;
}

/** Why nobody, or this wallet, can bid now (the server's own refusals); undefined when one can. */
export function bidBlocker(
  auction: Timed & Pick<Auction, 'seller_ordinal_address'>,
  nowSeconds: number,
  ordinalsAddress: string | undefined,
): string | undefined {
  const phase = auctionPhase(auction, nowSeconds);
  if (phase === 'upcoming') {
    return auction.status === 'active' ? AUCTION_NOT_STARTED : AUCTION_NOT_OPEN;
  }
  if (phase === 'withdrawn') return AUCTION_WITHDRAWN;
  if (phase !== 'live') return AUCTION_ENDED;
  if (ordinalsAddress === auction.seller_ordinal_address) return SELLER_CANNOT_BID;
  return undefined;
}

/** Live updates: every 5 s while bids come in or the settlement is awaited. */
const AUCTION_LIVE_POLL_MS = 5_000;
const AUCTION_UPCOMING_POLL_MS = 30_000;

export function auctionPollInterval(auction: Timed | undefined, nowSeconds: number) {
  if (!auction) return false;
  const phase = auctionPhase(auction, nowSeconds);
  if (phase === 'live' || (phase === 'ended' && auction.status === 'active')) {
    return AUCTION_LIVE_POLL_MS;
  }
  return phase === 'upcoming' ? AUCTION_UPCOMING_POLL_MS : false;
}
