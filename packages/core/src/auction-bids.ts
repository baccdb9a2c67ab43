// English auctions with a reserve (ADR 012): who may bid, when, and how much. The server
// refuses with these messages; the auction page shows the same minimum before anyone signs.

/** A new bid beats the highest by at least 5% of it, and never by less than 1,000 sats. */
export const AUCTION_MIN_INCREMENT_BPS = 500n;
export const AUCTION_MIN_INCREMENT_SATS = 1_000n;

export const AUCTION_NOT_STARTED = 'The auction has not started yet';
export const AUCTION_ENDED = 'The auction has ended';
export const AUCTION_NOT_OPEN = 'The auction is not open for bids';
/**
 * product.md#trust-findings finding 4: the escrow was spent outside a settlement, so no bid can
 * settle any more.
 */
export const AUCTION_WITHDRAWN =
  'The seller withdrew the item from escrow: this auction is closed and takes no bids';
export const SELLER_CANNOT_BID = 'The seller cannot bid on their own auction';
export const BID_ALREADY_PLACED = 'This bid was already placed';
// Canceling: the seller's, while nobody has bid (a bid is a promise the seller made by signing).
export const ONLY_SELLER_CANCELS = 'Only the seller can cancel this auction';
export const AUCTION_HAS_BIDS = 'An auction with bids cannot be canceled';
export const AUCTION_CANCELED = 'Auction canceled: the inscription is in your maker wallet';
/** The auction's inscription cannot leave the maker wallet while the auction takes bids. */
export const auctionHoldsInscription = (id: string, slug: string) =>
  `Inscription ${id} is on auction (/auction/${slug}): cancel the auction first, possible while it has no bids`;
// Bids are funded from the bidder's multisig wallet (ADR 009): two paddings and enough coins.
export const BID_NEEDS_WALLET = 'Fund your multisig wallet first: bids are paid from it';
export const BID_NEEDS_PADDING =
  'Set up padding in your multisig wallet first: a bid needs 2 padding outputs';
export const BID_NEEDS_FUNDS = 'Deposit more into your multisig wallet to cover this bid';
export const BID_COINS_TAKEN = 'The coins of this bid back another of your bids: bid again';
/** Any other transaction spending a standing bid's coins: the platform does not co-sign it. */
export const COINS_BACK_A_BID =
  'These coins back a standing auction bid: they are free again once it is outbid or the auction ends';

/** A bid below the minimum while another bid stands (409). */
export function higherBidPlaced(minimumBid: bigint): string {
  return `A higher bid was placed: the minimum bid is now ${minimumBid} sats`;
}

/** A first bid below the opening price (400). */
export function bidBelowMinimum(minimumBid: bigint): string {
  return `The minimum bid is ${minimumBid} sats`;
}

export type AuctionPrices = {
  startPrice: bigint;
  reservePrice?: bigint | null;
  /** The standing highest bid, if any. */
  highestBid?: bigint | null;
};

/**
 * What the seller's pre-signed payout pays at least: the start price, or the reserve when it is
 * higher. A bid below it cannot pay that payout, so bids open there.
 */
export function auctionFloor(prices: Pick<AuctionPrices, 'startPrice' | 'reservePrice'>): bigint {
  const reserve = prices.reservePrice ?? 0n;
  return reserve > prices.startPrice ? reserve : prices.startPrice;
}

/** max(5% of the highest bid rounded up, 1,000 sats). */
export function bidIncrement(highestBid: bigint): bigint {
  const share = (highestBid * AUCTION_MIN_INCREMENT_BPS + 9_999n) / 10_000n;
  return share > AUCTION_MIN_INCREMENT_SATS ? share : AUCTION_MIN_INCREMENT_SATS;
}

/** The lowest acceptable next bid: the floor, or the highest bid plus the increment. */
export function minimumBid(prices: AuctionPrices): bigint {
  const floor = auctionFloor(prices);
  const highest = prices.highestBid;
  if (highest === undefined || highest === null) return floor;
  const next = highest + bidIncrement(highest);
  return next > floor ? next : floor;
}

/** The message for a bid below the minimum, or undefined when the amount may stand. */
export function bidAmountError(amount: bigint, prices: AuctionPrices): string | undefined {
  const minimum = minimumBid(prices);
  if (amount >= minimum) return undefined;
  const hasHighest = prices.highestBid !== undefined && prices.highestBid !== null;
  return hasHighest ? higherBidPlaced(minimum) : bidBelowMinimum(minimum);
}

export type AuctionTiming = 'upcoming' | 'open' | 'ended';

/** Bids are taken in [start, end), UTC seconds, by the server's clock. */
export function auctionTiming(
  nowSeconds: number,
  startDate: number,
  endDate: number,
): AuctionTiming {
  if (nowSeconds < startDate) return 'upcoming';
  return nowSeconds < endDate ? 'open' : 'ended';
}

/** The refusal for a bid at this time, or undefined while bidding is open. */
export function auctionTimingError(
  nowSeconds: number,
  startDate: number,
  endDate: number,
): string | undefined {
  const timing = auctionTiming(nowSeconds, startDate, endDate);
  if (timing === 'upcoming') return AUCTION_NOT_STARTED;
  return timing === 'ended' ? AUCTION_ENDED : undefined;
}
