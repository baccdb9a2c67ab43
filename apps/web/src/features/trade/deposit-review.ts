import {
  checkDepositPsbt,
  type BitcoinNetwork,
  type DepositCheck,
  type DepositProblem,
} from '@om/bitcoin';
import { checkWallet } from '../multisig/multisig-wallet.ts';
import { feeRateAboveChosenText, unsafeSighashText } from '../signing/spending-problem-text.ts';
import { parseOutpoint } from '../../lib/trade-format.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

export type DepositRequest = {
  network: BitcoinNetwork;
  wallet: { paymentAddress: string; paymentPublicKey: string; ordinalsAddress: string };
  /** The maker wallet the server named (get-maker-wallet). */
  maker: { address: string; witnessScript: string };
  /** Input i and output i: the inscription's output now, and where it goes whole. */
  items: readonly { label: string; outpoint: string }[];
  inputsToSign: readonly { index: number; address: string }[];
  feeRate: number;
  /** The txid the server announced: the listing names its outputs by it. */
  txid: string;
};

export type DepositReview = {
  items: { label: string; value: bigint; address: string | undefined }[];
  makerAddress: string;
  networkFee: bigint;
  feeRate: number;
  change: bigint;
  /** The txid of the transaction the PSBT describes. */
  txid: string;
  /** Why not to sign, in words; empty when the PSBT only moves the inscriptions. */
  problems: string[];
};

/**
 * What the deposit PSBT makes the seller sign (ADR 009, before a protected listing): input i, the
 * inscription's output, goes whole to output i at the maker wallet, so each inscription keeps its
 * offset; every other input is a payment coin and every other output change to the payment
 * address. The maker wallet must be the 2-of-2 of the seller's own payment key with the 144-block
 * exit, or the inscription would go to someone else's script (checkWallet here; the PSBT's rules in
 * packages/bitcoin's checkDepositPsbt).
 */
export function reviewInscriptionDeposit(psbt: string, request: DepositRequest): DepositReview {
  let check: DepositCheck;
  try {
    check = checkDepositPsbt(psbt, {
      network: request.network,
      paymentAddress: request.wallet.paymentAddress,
      ordinalsAddress: request.wallet.ordinalsAddress,
      makerScript: makerWalletScript(request),
      items: request.items.map((item) => ({ outpoint: parseOutpoint(item.outpoint) })),
      inputsToSign: request.inputsToSign,
      maxFeeRate: maxAcceptedFeeRate(request.feeRate),
      txid: request.txid,
    });
  } catch {
    const none = { items: [], networkFee: 0n, feeRate: 0, change: 0n, txid: '' };
    return {
      ...none,
      makerAddress: request.maker.address,
      problems: ['The deposit PSBT cannot be read.'],
    };
  }
  const labelOf = (index: number) => request.items[index]?.label ?? '';
  return {
    ...check,
    items: check.items.map((item, i) => ({ label: labelOf(i), ...item })),
    makerAddress: request.maker.address,
    problems: check.problems.map((problem) =>
      depositProblemText(problem, request.feeRate, labelOf),
    ),
  };
}

/** The words of a deposit check's problem; `labelOf` names item i, `feeRate` is the one chosen. */
export function depositProblemText(
  problem: DepositProblem,
  feeRate: number,
  labelOf: (index: number) => string,
): string {
  switch (problem.code) {
    case 'maker-wallet-not-yours':
      return NOT_YOUR_MAKER_WALLET;
    case 'count-mismatch':
      return `The deposit PSBT has ${problem.inputs} inputs and ${problem.outputs} outputs for ${problem.items} inscriptions.`;
    case 'wrong-outpoint':
      return `${labelOf(problem.item)}: the PSBT moves another output than the inscription's.`;
    case 'inscription-not-yours':
      return `${labelOf(problem.item)}: the PSBT spends an output that is not in your wallet.`;
    case 'foreign-input':
      return `Input ${problem.index} is not a coin of your payment address.`;
    case 'not-to-maker':
      return `${labelOf(problem.item)}: the inscription would go to ${problem.address ?? 'a script'}, not your maker wallet.`;
    case 'not-whole':
      return `${labelOf(problem.item)}: the inscription's output would not move whole.`;
    case 'pays-stranger':
      return `Output ${problem.index} pays ${problem.address ?? 'a script'}, not your payment address.`;
    case 'signer-not-holder':
      return `The server asks ${problem.address} to sign input ${problem.index}, which it does not hold.`;
    case 'unsafe-sighash':
      return unsafeSighashText(problem.indices, 'The deposit');
    case 'fee-rate-too-high':
      return feeRateAboveChosenText(problem.feeRate, feeRate);
    case 'txid-mismatch':
      return 'The server announced another transaction than the PSBT.';
  }
}

export const NOT_YOUR_MAKER_WALLET =
  'The maker wallet is not a 2-of-2 of your payment key with a 144-block exit for you.';

/** The maker wallet's P2WSH script when it is ours (checkWallet); undefined otherwise. */
export function makerWalletScript({
  maker,
  wallet,
  network,
}: Pick<DepositRequest, 'maker' | 'wallet' | 'network'>): Uint8Array | undefined {
  try {
    return checkWallet(maker, wallet.paymentPublicKey, network).script;
  } catch {
    return undefined;
  }
}
