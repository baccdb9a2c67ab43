import { checkSwapPsbt, type BitcoinNetwork, type SwapProblem } from '@om/bitcoin';
import { parseBtcToSats, type SwapPsbt } from '@om/core';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';
import {
  feeRateAboveChosenText,
  OVERSPENDS_TEXT,
  unsafeSighashText,
} from '../signing/spending-problem-text.ts';
import { btcText } from '../../lib/trade-format.ts';
import type { Direction } from './swap-form.ts';

export type SwapReview = {
  /** What leaves the wallet: the user's coins spent less every output to their addresses. */
  pays: bigint;
  /** Sats to the payment address (a sale's BTC, a purchase's change). */
  receives: bigint;
  /** The whole transaction's fee, from its amounts. */
  networkFee: bigint;
  feeRate: number;
  txid: string;
  /** Why not to sign, in words; empty when the PSBT is the swap quoted. */
  problems: string[];
};

export type SwapReviewRequest = {
  direction: Direction;
  network: BitcoinNetwork;
  paymentAddress: string;
  ordinalsAddress: string;
  /** The pool's address (GET /brc20swap/pools): a sale's inscription goes there, a purchase's comes from there. */
  poolAddress: string;
  feeRate: number;
  /** Sale and route: 'txid:vout' of the transfer inscription chosen. */
  inscriptionOutpoint?: string;
  /** Route: the second pool's address, whose transfer inscription comes to the user. */
  receivePoolAddress?: string;
  /** Sale: the least BTC the page showed, in sats. */
  minReceive: bigint;
  /** Purchase: the most the page showed to send, its platform fee and its network fee, in sats. */
  maxSend: bigint;
  platformFee: bigint;
  networkFee: bigint;
};

/**
 * Reads the swap's PSBT before the wallet signs it (packages/bitcoin's checkSwapPsbt, ADR 017's
 * one transaction). Amounts come from the PSBT, never from the answer's words: a sale pays the
 * payment address at least the minimum received (the page's or the answer's, the higher) and
 * spends nothing of the user but the inscription; a purchase sends output 0 to the ordinals
 * address and costs the user no more than send amount + network fee + platform fee, at about the
 * fee rate chosen (with the one slack every review allows).
 */
export function reviewSwapPsbt(answer: SwapPsbt, request: SwapReviewRequest): SwapReview {
  const minReceive = maxOf(
    request.minReceive,
    parseBtcToSats(answer.min_receive) ?? request.minReceive,
  );
  const { feeRate, maxSend, networkFee, platformFee, ...quoted } = request;
  const check = checkSwapPsbt(answer.psbt, {
    ...quoted,
    inputsToSign: answer.inputs_to_sign.map((input) => input.index),
    minReceive,
    maxCost: maxSend + networkFee + platformFee,
    maxFeeRate: maxAcceptedFeeRate(feeRate),
  });
  const problems = check.problems.map((problem) => swapProblemText(problem, request));
  return { ...check, problems };
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);

function swapProblemText(problem: SwapProblem, request: SwapReviewRequest): string {
  const swap = request.direction === 'route' ? 'a token-to-token swap' : 'a sale';
  switch (problem.code) {
    case 'unreadable':
      return 'The swap PSBT cannot be read.';
    case 'input-without-prevout':
      return `Input ${problem.index} does not say what it spends.`;
    case 'not-second-pool-inscription':
      return "Input 1 is not the second pool's transfer inscription.";
    case 'inscription-not-yours':
      return 'Input 0 is not a coin of your ordinals address.';
    case 'not-chosen-inscription':
      return 'Input 0 is not the transfer inscription you chose.';
    case 'spends-wallet-coin':
      return `Input ${problem.index} is a coin of your wallet: ${swap} spends only the inscription.`;
    case 'not-pool-inscription':
      return "Input 0 is not the pool's transfer inscription.";
    case 'sign-not-yours':
      return `The swap asks you to sign input ${problem.index}, which is not yours to pay with.`;
    case 'sign-missing-input':
      return `The swap asks to sign input ${problem.index}, which the PSBT does not have.`;
    case 'inscription-misdirected': {
      const whose = request.direction !== 'buy' ? 'the pool' : 'your ordinals address';
      return `Output 0 sends the inscription to ${problem.address ?? 'a script'}, not ${whose}.`;
    }
    case 'tokens-misdirected':
      return `Output 1 sends the tokens bought to ${problem.address ?? 'a script'}, not your ordinals address.`;
    case 'overspends':
      return OVERSPENDS_TEXT;
    case 'unsafe-sighash':
      return unsafeSighashText(problem.indices, 'The swap');
    case 'route-spends-wallet':
      return `It spends ${btcText(problem.pays)} of your wallet: a token-to-token swap spends only the inscription.`;
    case 'below-min-receive':
      return `It pays you ${btcText(problem.receives)}, less than the minimum received of ${btcText(problem.min)}.`;
    case 'fee-rate-too-high':
      return feeRateAboveChosenText(problem.feeRate, request.feeRate);
    case 'costs-above-quote':
      return `It costs you ${btcText(problem.pays)}, more than the ${btcText(problem.most)} quoted with its fees.`;
  }
}
