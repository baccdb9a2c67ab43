import { checkBrc20SendPsbt, type BitcoinNetwork, type Brc20SendProblem } from '@om/bitcoin';
import type { Brc20SendPreparePayload } from '@om/core';
import {
  feeRateAboveChosenText,
  OVERSPENDS_TEXT,
  unsafeSighashText,
} from '../signing/spending-problem-text.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

export type SendReview = {
  toAddress: string;
  /** The postage the inscription travels with, to the recipient (output 0). */
  sentValue: bigint;
  networkFee: bigint;
  feeRate: number;
  change: bigint;
  txid: string;
  problems: string[];
};

type Request = {
  network: BitcoinNetwork;
  toAddress: string;
  ordinalsAddress: string;
  paymentAddress: string;
  feeRate: number;
  /** 'txid:vout' of the transfer inscription's output. */
  outpoint: string;
};

/**
 * Reads the PSBT that sends a transfer inscription before the wallet signs it (packages/bitcoin's
 * checkBrc20SendPsbt): the inscription to the recipient in output 0, the fee from payment coins,
 * every other output change to the payment address, at the fee rate chosen (with the one slack
 * every review allows).
 */
export function reviewSend(prepared: Brc20SendPreparePayload, request: Request): SendReview {
  const { feeRate, ...sent } = request;
  const check = checkBrc20SendPsbt(prepared.psbt, {
    ...sent,
    ordinalInputs: prepared.ordinalInputs,
    paymentInputs: prepared.paymentInputs,
    maxFeeRate: maxAcceptedFeeRate(feeRate),
  });
  const problems = check.problems.map((problem) => sendProblemText(problem, request));
  return { ...check, toAddress: request.toAddress, problems };
}

function sendProblemText(problem: Brc20SendProblem, request: Request): string {
  switch (problem.code) {
    case 'unreadable':
      return 'The transfer PSBT cannot be read.';
    case 'not-the-inscription':
      return 'The first input is not the transfer inscription.';
    case 'foreign-input':
      return `Input ${problem.index} is not a coin of your wallet.`;
    case 'unlisted-input':
      return `Input ${problem.index} is to be signed by nobody.`;
    case 'not-to-recipient':
      return `Output 0 does not pay ${request.toAddress}.`;
    case 'pays-stranger':
      return `Output ${problem.index} pays ${problem.address ?? 'a script'}, not your payment address.`;
    case 'unsafe-sighash':
      return unsafeSighashText(problem.indices, 'The transfer');
    case 'overspends':
      return OVERSPENDS_TEXT;
    case 'fee-rate-too-high':
      return feeRateAboveChosenText(problem.feeRate, request.feeRate);
  }
}
