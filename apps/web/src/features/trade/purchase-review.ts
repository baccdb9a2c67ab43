import {
  checkPurchasePsbt,
  TradeError,
  type BitcoinNetwork,
  type PurchaseCheck,
  type PurchaseProblem,
} from '@om/bitcoin';
import type { PurchaseQuote } from '@om/core';
import { feeRateAboveChosenText, unsafeSighashText } from '../signing/spending-problem-text.ts';
import { btcText, parseOutpoint, wireSats } from '../../lib/trade-format.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

/** One listing the buyer chose, as the market showed it. */
export type PurchaseItem = {
  listingId: string;
  inscriptionId: string;
  /** The listed inscription's output, 'txid:vout'. */
  outpoint: string;
  /** Where in that output the inscription sits (its satpoint's offset). */
  inscriptionOffset: bigint;
  price: bigint;
};

export type PurchaseRequest = {
  network: BitcoinNetwork;
  /** `multisigAddress`: the buyer's multisig wallet, whose paddings the purchase may use. */
  buyer: { paymentAddress: string; ordinalAddress: string; multisigAddress?: string };
  items: readonly PurchaseItem[];
  feeRate: number;
  /** The platform's fee address from /api/config: the fee output must pay exactly there. */
  platformFeeAddress?: string;
};

export type PurchaseReview = {
  price: bigint;
  /** The purchase's and, when chained, the padding setup's. */
  networkFee: bigint;
  platformFee: bigint;
  platformFeeAddress: string | undefined;
  /** What leaves the wallet for good: price (to the sellers) + platform fee + network fees. */
  total: bigint;
  /** New padding outputs kept in the wallet for the next purchase. */
  padding: bigint;
  change: bigint;
  feeRate: number;
  /** Per chosen item, in the buyer's order: where the transaction puts its inscription. */
  destinations: {
    inscriptionId: string;
    price: bigint;
    address: string | undefined;
    vout: number | undefined;
    /** At offset 0 of the buyer's ordinals address. */
    isToBuyer: boolean;
  }[];
  hasSetup: boolean;
  /** Why not to sign, in words; empty when the PSBTs do what the buyer asked. */
  problems: string[];
};

/**
 * Reads a purchase (and its chained padding setup) before the wallet is asked to sign it, with
 * packages/bitcoin's checkPurchasePsbt: every inscription lands at offset 0 of the buyer's
 * ordinals address, every other input and output is the buyer's, the sellers get no more than the
 * listed prices, the fee rate is the chosen one (with the one slack every review allows), the
 * quote describes this transaction. Amounts are read from the PSBTs, not from the quote.
 */
export function reviewPurchase(
  psbt: string,
  setupPsbt: string | null,
  quote: PurchaseQuote,
  request: PurchaseRequest,
): PurchaseReview {
  const price = request.items.reduce((sum, item) => sum + item.price, 0n);
  const quoted = {
    price: wireSats(quote.price),
    platformFee: wireSats(quote.platformFee),
    takerOrdinalAddress: quote.takerOrdinalAddress,
    items: quote.items,
  };
  let check: PurchaseCheck;
  try {
    check = checkPurchasePsbt(psbt, setupPsbt, {
      network: request.network,
      buyer: request.buyer,
      items: request.items.map((item) => ({ ...item, outpoint: parseOutpoint(item.outpoint) })),
      maxFeeRate: maxAcceptedFeeRate(request.feeRate),
      platformFeeAddress: request.platformFeeAddress,
      quote: quoted,
    });
  } catch (error) {
    return unreadable(price, request, error);
  }
  const { summary, platformFee: feeOutput, setupFee } = check;
  return {
    price,
    networkFee: summary.networkFee + setupFee,
    platformFee: feeOutput?.amount ?? 0n,
    platformFeeAddress: feeOutput?.address,
    total: summary.buyerSpends + setupFee,
    padding: summary.paddingCreated.reduce((sum, value) => sum + value, 0n),
    change: summary.change,
    feeRate: summary.feeRate,
    destinations: summary.items.map((item) => ({
      inscriptionId: item.inscriptionId,
      price: item.price,
      address: item.destination?.address,
      vout: item.destination?.vout,
      isToBuyer:
        item.destination?.address === request.buyer.ordinalAddress &&
        item.destination.offset === 0n,
    })),
    hasSetup: setupPsbt !== null,
    problems: check.problems.map((problem) => problemText(problem, request)),
  };
}

function problemText(problem: PurchaseProblem, request: PurchaseRequest): string {
  switch (problem.code) {
    case 'listing-without-outpoint':
      return 'A listing has no valid output.';
    case 'item-not-in-psbt':
      return 'The PSBT does not buy every inscription you chose.';
    case 'inscription-not-to-buyer':
      return `The inscription would go to ${problem.address ?? 'the miners'}, not to your ordinals address ${request.buyer.ordinalAddress}.`;
    case 'unknown-input':
      return `Input ${problem.index} is not from your wallet.`;
    case 'unknown-output':
      return `Output ${problem.index} pays an address that is neither yours nor a seller's.`;
    case 'fee-rate-too-high':
      return feeRateAboveChosenText(problem.feeRate, request.feeRate);
    case 'unsafe-sighash':
      return unsafeSighashText(problem.indices, 'The purchase');
    case 'setup-unreadable':
      return `The padding setup cannot be read: ${problem.reason}`;
    case 'setup-foreign-input':
      return `Input ${problem.index} of the padding setup is not from your wallet.`;
    case 'setup-pays-stranger':
      return `Output ${problem.index} of the padding setup does not pay your wallet.`;
    case 'setup-unsafe-sighash':
      return unsafeSighashText(problem.indices, 'The padding setup');
    case 'setup-fee-rate-too-high':
      return feeRateAboveChosenText(
        problem.feeRate,
        request.feeRate,
        "The padding setup's fee rate",
      );
    case 'sellers-overpaid':
      return `The sellers would get ${btcText(problem.sellersGet)}, more than the price of ${btcText(problem.price)}.`;
    case 'price-changed':
      return `The price is now ${btcText(problem.quoted)}, not ${btcText(problem.price)}.`;
    case 'other-taker':
      return 'The offer was made for another ordinals address.';
    case 'output-not-quoted':
      return `The offer says inscription ${problem.inscriptionId} goes to output ${problem.quoted}, but the transaction sends it to output ${problem.vout}.`;
  }
}

function unreadable(price: bigint, request: PurchaseRequest, error: unknown): PurchaseReview {
  return {
    price,
    networkFee: 0n,
    platformFee: 0n,
    platformFeeAddress: undefined,
    total: 0n,
    padding: 0n,
    change: 0n,
    feeRate: 0,
    destinations: request.items.map((item) => ({
      inscriptionId: item.inscriptionId,
      price: item.price,
      address: undefined,
      vout: undefined,
      isToBuyer: false,
    })),
    hasSetup: false,
    problems: [`The purchase PSBT cannot be read: ${reason(error)}`],
  };
}

function reason(error: unknown): string {
  if (error instanceof TradeError || error instanceof Error) return error.message;
  return String(error);
}
