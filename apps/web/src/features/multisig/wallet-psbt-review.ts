import {
  checkWalletPsbt,
  type BitcoinNetwork,
  type MultisigWallet,
  type PsbtIntent,
  type WalletPsbtProblem,
  type WalletPsbtReading,
} from '@om/bitcoin';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';
import { OVERSPENDS_TEXT, unsafeSighashText } from '../signing/spending-problem-text.ts';
import { btcText } from '../../lib/trade-format.ts';

export type PsbtCheckContext = {
  network: BitcoinNetwork;
  paymentAddress: string;
  /** The multisig or maker wallet the PSBT spends or funds, as verified against the user's key. */
  wallet: MultisigWallet;
  feeRate: number;
  /** What the wallet will be asked to sign. */
  inputsToSign: readonly { index: number; address: string }[];
};

/** The reading of a wallet PSBT with its problems in the words the review shows. */
export type PsbtReview = Omit<WalletPsbtReading, 'problems'> & {
  /** Why not to sign, in words; empty when the PSBT does what was asked. */
  problems: string[];
};

/**
 * Checks a multisig PSBT the server built against what the user asked (packages/bitcoin's
 * checkWalletPsbt, with the fee-rate slack every review accepts) and says its problems in words.
 */
export function reviewWalletPsbt(
  psbtBase64: string,
  intent: PsbtIntent,
  { feeRate, ...context }: PsbtCheckContext,
): PsbtReview {
  const reading = checkWalletPsbt(psbtBase64, intent, {
    ...context,
    maxFeeRate: maxAcceptedFeeRate(feeRate),
  });
  return { ...reading, problems: reading.problems.map((p) => walletPsbtProblemText(p, feeRate)) };
}

const paysTo = (address: string | undefined) => address ?? 'a script without an address';

/** The sentence the review shows for each problem code. */
export function walletPsbtProblemText(problem: WalletPsbtProblem, feeRate: number): string {
  switch (problem.code) {
    case 'unreadable':
      return 'The PSBT cannot be read.';
    case 'input-without-prevout':
      return `Input ${problem.index} does not say what it spends.`;
    case 'input-with-foreign-script':
      return `Input ${problem.index} spends your wallet with another script than its own.`;
    case 'input-not-the-maker-coin':
      return `Input ${problem.index} is not the coin ${problem.outpoint} of your maker wallet.`;
    case 'input-not-from-payment':
      return `Input ${problem.index} does not come from your payment address.`;
    case 'input-not-from-wallet':
      return `Input ${problem.index} does not come from your wallet.`;
    case 'output-to-stranger':
      return `Output ${problem.index} pays ${paysTo(problem.address)}, which this action should not pay.`;
    case 'deposit-count':
      return `It makes ${problem.count} coins in your multisig wallet, not ${problem.expected}.`;
    case 'deposit-amount':
      return `It deposits ${btcText(problem.amount)}, not the ${btcText(problem.expected)} you asked.`;
    case 'padding-outputs':
      return `It does not make ${problem.count} padding outputs of ${btcText(problem.value)} in your multisig wallet.`;
    case 'withdrawal-amount':
      return `It pays ${btcText(problem.paid)} to ${problem.recipientAddress}, not ${btcText(problem.expected)}.`;
    case 'inscription-not-sent':
      return `Output ${problem.index} does not send the coin ${problem.outpoint} whole to your address.`;
    case 'sign-missing-input':
      return `It asks to sign input ${problem.index}, which does not exist.`;
    case 'sign-with-other-address':
      return `It asks to sign input ${problem.index} with ${problem.address}, not your payment address.`;
    case 'sign-foreign-input':
      return `It asks to sign input ${problem.index}, which is not yours.`;
    case 'unsafe-sighash':
      return unsafeSighashText(problem.indices, 'This PSBT');
    case 'outputs-exceed-inputs':
      return OVERSPENDS_TEXT;
    case 'fee-above-rate':
      return `Its network fee of ${btcText(problem.fee)} is above the ${feeRate} sat/vB you chose.`;
  }
}
