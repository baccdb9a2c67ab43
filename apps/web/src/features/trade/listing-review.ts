import {
  checkListingPsbt,
  type BitcoinNetwork,
  type ListingPsbtCheck,
  type ListingPsbtProblem,
} from '@om/bitcoin';
import { parseOutpoint } from '../../lib/trade-format.ts';

/** What the seller asked to list: the inscription's output and its price. */
export type ListingRequestItem = { label: string; outpoint: string; price: bigint };

type ListingReviewItem = {
  label: string;
  price: bigint;
  /** Output i: what the seller gets when item i sells (price − fee + the inscription's output). */
  payout: bigint;
  payoutAddress: string | undefined;
  /** The inscription output's own value, which comes back to the seller in the payout. */
  postage: bigint;
  /** price + postage − payout: what the platform keeps. */
  platformFee: bigint;
};

export type ListingReview = { items: ListingReviewItem[]; problems: string[] };

/**
 * What a listing PSBT makes the seller sign, read in the browser before the wallet is asked.
 * With SIGHASH_SINGLE|ANYONECANPAY the seller commits to input i and output i only, so output i
 * must pay the seller's own wallet and input i must be the inscription the seller chose: anything
 * else would give the inscription away (packages/bitcoin's checkListingPsbt). `problems` says, in
 * words, why not to sign.
 */
export function reviewListingPsbt(
  psbtBase64: string,
  context: {
    network: BitcoinNetwork;
    /** The seller's wallet addresses (payment and ordinals). */
    ownAddresses: readonly string[];
    items: readonly ListingRequestItem[];
    /**
     * A protected listing (ADR 009): the maker wallet's witness script, which every input must
     * carry and whose P2WSH output it must spend, so the wallet signs it with the payment key.
     */
    makerWitnessScript?: string;
  },
): ListingReview {
  let check: ListingPsbtCheck;
  try {
    check = checkListingPsbt(psbtBase64, {
      ...context,
      items: context.items.map((item) => ({ ...item, outpoint: parseOutpoint(item.outpoint) })),
    });
  } catch {
    return { items: [], problems: ['The listing PSBT cannot be read.'] };
  }
  const labelOf = (index: number) => context.items[index]?.label ?? '';
  return {
    items: check.items.map((item, i) => ({ label: labelOf(i), ...item })),
    problems: check.problems.map((problem) => listingProblemText(problem, labelOf)),
  };
}

/** The words of a listing check's problem; `labelOf` names item i. */
export function listingProblemText(
  problem: ListingPsbtProblem,
  labelOf: (index: number) => string,
): string {
  switch (problem.code) {
    case 'count-mismatch':
      return `The listing PSBT has ${problem.inputs} inputs and ${problem.outputs} outputs for ${problem.items} inscriptions.`;
    case 'wrong-outpoint':
      return `${labelOf(problem.item)}: the PSBT spends another output than the inscription's.`;
    case 'not-maker-wallet':
      return `${labelOf(problem.item)}: the PSBT does not spend your maker wallet's output.`;
    case 'no-amount':
      return `${labelOf(problem.item)}: the PSBT lacks the input's amount.`;
    case 'pays-stranger':
      return `${labelOf(problem.item)}: the sale would pay ${problem.address ?? 'a script'}, not your wallet.`;
    case 'payout-mismatch':
      return `${labelOf(problem.item)}: the payout does not match the price.`;
  }
}
