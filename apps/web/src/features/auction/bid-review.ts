import {
  checkBidPsbt,
  NO_BID_FIGURES,
  type BidCheck,
  type BidProblem,
  type BitcoinNetwork,
} from '@om/bitcoin';
import { DUST_SATS, type PlaceBidPayload } from '@om/core';
import { feeRateAboveChosenText, unsafeSighashText } from '../signing/spending-problem-text.ts';
import { btcText, parseOutpoint, wireSats } from '../../lib/trade-format.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

export type BidReviewRequest = {
  network: BitcoinNetwork;
  /** The bidder's multisig wallet (already checked to be theirs) pays; the ordinals address wins. */
  bidder: { paymentAddress: string; ordinalAddress: string; multisigAddress: string };
  /** The auctioned inscription: the maker wallet output it waits in, and its offset there. */
  item: { inscriptionId: string; outpoint: string; inscriptionOffset: bigint };
  amount: bigint;
  feeRate: number;
  /** The platform's fee address from /api/config ('' when it takes no fee). */
  platformFeeAddress: string;
};

/** The check's figures (packages/bitcoin's BidCheck), with its problems in words. */
export type BidReview = Omit<BidCheck, 'problems'> & {
  amount: bigint;
  /** Why not to sign, in words; empty when the PSBT does what the bidder asked. */
  problems: string[];
};

/**
 * Reads a bid's settlement PSBT before the bidder signs it (ADR 012, core auctions.api.ts), with
 * packages/bitcoin's checkBidPsbt: the inscription to offset 0 of the bidder's ordinals address,
 * only the bidder's multisig wallet's inputs signed, with ALL; the seller and the platform together
 * get the bid (less dust); the amounts the server quoted are the PSBT's.
 */
export function reviewBid(placed: PlaceBidPayload, request: BidReviewRequest): BidReview {
  const { bidder, amount, network } = request;
  const quote = { networkFee: wireSats(placed.networkFee), total: wireSats(placed.total) };
  let check: BidCheck;
  try {
    check = checkBidPsbt(placed.psbt, {
      network,
      bidder,
      item: { ...request.item, outpoint: parseOutpoint(request.item.outpoint) },
      amount,
      maxFeeRate: maxAcceptedFeeRate(request.feeRate),
      platformFeeAddress: request.platformFeeAddress,
      dustSats: DUST_SATS,
      inputsToSign: placed.inputsToSign,
      quote,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ...NO_BID_FIGURES, amount, problems: [`The bid PSBT cannot be read: ${reason}`] };
  }
  const problems = check.problems.map((problem) => problemText(problem, request));
  return { ...check, amount, problems };
}

function problemText(problem: BidProblem, request: BidReviewRequest): string {
  switch (problem.code) {
    case 'no-outpoint':
      return 'The auction names no output of the inscription.';
    case 'item-not-in-psbt':
      return 'The PSBT does not spend the auctioned inscription.';
    case 'inscription-not-to-bidder':
      return `The inscription would go to ${problem.address ?? 'the miners'}, not to your ordinals address ${request.bidder.ordinalAddress}.`;
    case 'unknown-input':
      return `Input ${problem.index} is not from your multisig wallet.`;
    case 'unknown-output':
      return `Output ${problem.index} pays ${problem.address ?? 'a script'}, neither you, the seller nor the platform.`;
    case 'fee-rate-too-high':
      return feeRateAboveChosenText(problem.feeRate, request.feeRate);
    case 'payment-mismatch':
      return `The seller and the platform would get ${btcText(problem.paid)}, not your bid of ${btcText(problem.amount)}.`;
    case 'signs-seller-input':
      return `The server asks you to sign input ${problem.index}, the seller's.`;
    case 'signs-foreign-input':
      return `The server asks you to sign input ${problem.index}, not a coin of your multisig wallet.`;
    case 'signer-not-payment':
      return `The server asks ${problem.address} to sign input ${problem.index}, not your payment address.`;
    case 'sighash-not-all':
      return `Input ${problem.index} is not to be signed SIGHASH_ALL.`;
    case 'unsafe-sighash':
      return unsafeSighashText(problem.indices, 'The bid');
    case 'quoted-fee-mismatch':
      return `The server quotes a network fee of ${btcText(problem.quoted)}, but the transaction pays ${btcText(problem.actual)}.`;
    case 'quoted-total-mismatch':
      return `The server quotes a total of ${btcText(problem.quoted)}, but the transaction takes ${btcText(problem.actual)}.`;
  }
}
