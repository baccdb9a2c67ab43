import { checkRuneTransferPsbt, type BitcoinNetwork, type RuneTransferProblem } from '@om/bitcoin';
import type { RuneBalance, RuneSendPreparePayload } from '@om/core';
import { formatRuneAmount } from '../../lib/rune-amount.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';
import {
  feeRateAboveChosenText,
  OVERSPENDS_TEXT,
  unsafeSighashText,
} from '../signing/spending-problem-text.ts';

export type RuneSendReview = {
  /** The sats that travel with the runes to the recipient. */
  recipientValue: bigint;
  networkFee: bigint;
  feeRate: number;
  /** Sats back to the wallet: the rune change's output and the coins' change. */
  change: bigint;
  problems: string[];
};

type Request = {
  network: BitcoinNetwork;
  balance: RuneBalance;
  baseUnits: bigint;
  toAddress: string;
  ordinalsAddress: string;
  paymentAddress: string;
  feeRate: number;
};

/** "⧉ 12.5 UNCOMMON•GOODS": an amount of the rune with its symbol and spaced name. */
export function runeSendText(baseUnits: bigint, rune: RuneBalance): string {
  const amount = formatRuneAmount(baseUnits.toString(), rune.divisibility);
  return `${rune.symbol ? `${rune.symbol} ` : ''}${amount} ${rune.name}`;
}

/**
 * Reads the rune transfer the server prepared before the wallet signs it (packages/bitcoin's
 * checkRuneTransferPsbt): exactly the amount asked to the recipient, the rest of the runes and the
 * change back to this wallet, only this wallet's outputs of the rune and its coins spent, the fee
 * at the rate chosen (with the one slack every review allows).
 */
export function reviewRuneSend(prepared: RuneSendPreparePayload, request: Request): RuneSendReview {
  const [block = 0, tx = 0] = request.balance.runeId.split(':').map(Number);
  let check: ReturnType<typeof checkRuneTransferPsbt>;
  try {
    check = checkRuneTransferPsbt(prepared.psbt, {
      network: request.network,
      runeId: { block, tx },
      amount: request.baseUnits,
      recipientAddress: request.toAddress,
      ordinalAddress: request.ordinalsAddress,
      paymentAddress: request.paymentAddress,
      runeOutpoints: request.balance.outpoints,
      ordinalInputs: prepared.ordinalInputs,
      paymentInputs: prepared.paymentInputs,
      maxFeeRate: maxAcceptedFeeRate(request.feeRate),
    });
  } catch {
    const none = { recipientValue: 0n, networkFee: 0n, feeRate: 0, change: 0n };
    return { ...none, problems: ['The transfer PSBT cannot be read.'] };
  }
  const { recipientValue, networkFee, feeRate, change } = check;
  const problems = check.problems.map((problem) => problemText(problem, request));
  return { recipientValue, networkFee, feeRate, change, problems };
}

function problemText(problem: RuneTransferProblem, request: Request): string {
  switch (problem.code) {
    case 'no-runestone':
      return 'Output 0 is not a runestone that moves the runes: they would be burned.';
    case 'edict-mismatch':
      return `The runestone does not send exactly ${runeSendText(request.baseUnits, request.balance)} to the recipient.`;
    case 'rune-change-not-yours':
      return 'The rest of your runes would not come back to your wallet.';
    case 'not-to-recipient':
      return `Output 1 does not pay ${request.toAddress}.`;
    case 'pays-stranger':
      return `Output ${problem.index} pays ${problem.address ?? 'a script'}, not your wallet.`;
    case 'foreign-input':
      return `Input ${problem.index} is not a coin of your wallet or an output of yours holding ${request.balance.name}.`;
    case 'unlisted-input':
      return `Input ${problem.index} is to be signed by nobody.`;
    case 'unsafe-sighash':
      return unsafeSighashText(problem.indices, 'The transfer');
    case 'overspends':
      return OVERSPENDS_TEXT;
    case 'fee-rate-too-high':
      return feeRateAboveChosenText(problem.feeRate, request.feeRate);
  }
}
