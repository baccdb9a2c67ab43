import {
  checkChargePaymentPsbt,
  type ChargePaymentCheck,
  type ChargePaymentProblem,
  type ChargePaymentRequest,
} from '@om/bitcoin';
import { btcText } from '../../lib/trade-format.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';
import {
  feeRateAboveChosenText,
  OVERSPENDS_TEXT,
  unsafeSighashText,
} from '../signing/spending-problem-text.ts';

/** A charge payment's figures, with its problems in the words the review shows. */
export type ChargePaymentReview = Omit<ChargePaymentCheck, 'problems'> & { problems: string[] };

/** What differs between the reviews of a payment: the edition mint's and the inscription service's. */
export type ChargePaymentWords = {
  /** 'The payment', 'The mint': what the PSBT is. */
  subject: string;
  /** Why the wallet is not to sign what the server asks it to. */
  signText: (index: number, address: string) => string;
};

/**
 * Checks a charge payment (packages/bitcoin's checkChargePaymentPsbt, with the fee-rate slack every
 * review accepts) and says its problems in words.
 */
export function reviewChargePayment(
  psbtBase64: string,
  { feeRate, ...request }: Omit<ChargePaymentRequest, 'maxFeeRate'> & { feeRate: number },
  words: ChargePaymentWords,
): ChargePaymentReview {
  const check = checkChargePaymentPsbt(psbtBase64, {
    ...request,
    maxFeeRate: maxAcceptedFeeRate(feeRate),
  });
  const problems = check.problems.map((problem) =>
    chargePaymentProblemText(problem, { ...request, feeRate }, words),
  );
  return { ...check, problems };
}

function chargePaymentProblemText(
  problem: ChargePaymentProblem,
  request: { chargeAddress: string; feeRate: number },
  words: ChargePaymentWords,
): string {
  switch (problem.code) {
    case 'unreadable':
      return `${words.subject} PSBT cannot be read.`;
    case 'charge-address-invalid':
      return `The charge address ${request.chargeAddress} is not an address of this network.`;
    case 'foreign-input':
      return `Input ${problem.index} is not a coin of your payment address.`;
    case 'pays-stranger':
      return `Output ${problem.index} pays ${problem.address ?? 'a script'}, neither the charge address nor your payment address.`;
    case 'charge-mismatch':
      return `The PSBT pays ${btcText(problem.charged)} to the charge address, not the ${btcText(problem.amount)} of the order.`;
    case 'sign-not-your-coin':
      return words.signText(problem.index, problem.address);
    case 'unsafe-sighash':
      return unsafeSighashText(problem.indices, words.subject);
    case 'overspends':
      return OVERSPENDS_TEXT;
    case 'fee-rate-too-high':
      return feeRateAboveChosenText(problem.feeRate, request.feeRate);
  }
}
