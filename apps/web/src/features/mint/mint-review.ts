import type { CreateMintOfferPayload } from '@om/core';
import {
  reviewPurchase,
  type PurchaseItem,
  type PurchaseRequest,
  type PurchaseReview,
} from '../trade/purchase-review.ts';

export type MintReviewRequest = Omit<PurchaseRequest, 'items'> & {
  /** The quoted items where the indexer says they sit, each at the open phase's price. */
  items: readonly PurchaseItem[];
  mintCount: number;
};

/**
 * A mint is a purchase built by the market's code (ADR 010), so it is checked as one
 * (reviewPurchase: every inscription lands at the buyer's ordinals address, every other input and
 * output is the buyer's, the fee rate is the chosen one, the platform fee is the quoted one). The
 * prices are the phase's as the page shows them, not the quote's, so a quote above the phase price
 * is refused. On top: the offer holds as many items as asked, and the items it reserved are the
 * ones it sells.
 */
export function reviewMint(
  offer: CreateMintOfferPayload,
  request: MintReviewRequest,
): PurchaseReview {
  const review = reviewPurchase(offer.psbt, offer.setupPsbt, offer.quote, request);
  const problems = [...review.problems];
  const quoted = offer.quote.items.map((item) => item.listingId);
  if (quoted.length !== request.mintCount) {
    problems.push(
      `The offer holds ${quoted.length} inscriptions, not the ${request.mintCount} you asked for.`,
    );
  }
  const reserved = new Set(offer.ids);
  if (offer.ids.length !== quoted.length || quoted.some((id) => !reserved.has(id))) {
    problems.push('The offer sells other items than the ones it reserved for you.');
  }
  return { ...review, problems };
}
