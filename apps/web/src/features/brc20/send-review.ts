import {
  addressOfScript,
  equalBytes,
  estimateVsize,
  inputTypeOf,
  parsePsbt,
  psbtTxid,
  scriptOfAddress,
  spendTypeOfScript,
  type BitcoinNetwork,
  inputsWithUnsafeSighash,
} from '@om/bitcoin';
import type { Brc20SendPreparePayload } from '@om/core';
import { unsafeSighashText } from '../signing/unsafe-sighash-text.ts';
import { feeRateText } from '../../lib/trade-format.ts';
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
 * Reads the PSBT that sends a transfer inscription before the wallet signs it: the inscription's
 * own output is spent first (by the ordinals key), its sats go to the recipient in output 0 (the
 * first output takes the first input's sats, so the inscription lands there), the fee comes from
 * payment coins and every other output is change to the payment address.
 */
export function reviewSend(prepared: Brc20SendPreparePayload, request: Request): SendReview {
  const review: SendReview = {
    toAddress: request.toAddress,
    sentValue: 0n,
    networkFee: 0n,
    feeRate: 0,
    change: 0n,
    txid: '',
    problems: [],
  };
  const problems = review.problems;
  let tx: ReturnType<typeof parsePsbt>;
  try {
    tx = parsePsbt(prepared.psbt);
  } catch {
    return { ...review, problems: ['The transfer PSBT cannot be read.'] };
  }
  const { network } = request;
  const ordinalsScript = scriptOfAddress(request.ordinalsAddress, network);
  const paymentScript = scriptOfAddress(request.paymentAddress, network);
  const toScript = scriptOfAddress(request.toAddress, network);
  const hex = (bytes: Uint8Array) =>
    Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

  const first = tx.inputsLength > 0 ? tx.getInput(0) : undefined;
  const firstOutpoint = first?.txid ? `${hex(first.txid)}:${first.index ?? 0}` : '';
  if (firstOutpoint !== request.outpoint) {
    problems.push('The first input is not the transfer inscription.');
  }
  let spent = 0n;
  const inputTypes = Array.from({ length: tx.inputsLength }, (_, i) => {
    const prevout = tx.getInput(i).witnessUtxo;
    const expected = prepared.ordinalInputs.includes(i) ? ordinalsScript : paymentScript;
    if (!prevout || !equalBytes(prevout.script, expected)) {
      problems.push(`Input ${i} is not a coin of your wallet.`);
    }
    if (!prepared.ordinalInputs.includes(i) && !prepared.paymentInputs.includes(i)) {
      problems.push(`Input ${i} is to be signed by nobody.`);
    }
    spent += prevout?.amount ?? 0n;
    return inputTypeOf((prevout && spendTypeOfScript(prevout.script)) ?? 'p2wpkh');
  });
  let kept = 0n;
  const scripts = Array.from({ length: tx.outputsLength }, (_, i) => {
    const { script, amount = 0n } = tx.getOutput(i);
    kept += amount;
    if (i === 0) {
      if (!script || !toScript || !equalBytes(script, toScript)) {
        problems.push(`Output 0 does not pay ${request.toAddress}.`);
      }
      review.sentValue = amount;
    } else if (script && equalBytes(script, paymentScript)) {
      review.change += amount;
    } else {
      const to = script ? addressOfScript(script, network) : undefined;
      problems.push(`Output ${i} pays ${to ?? 'a script'}, not your payment address.`);
    }
    return script ?? new Uint8Array();
  });
  const unsafe = inputsWithUnsafeSighash(
    tx,
    Array.from({ length: tx.inputsLength }, (_, i) => i),
  );
  if (unsafe.length > 0) problems.push(unsafeSighashText(unsafe, 'The transfer'));
  review.networkFee = spent - kept;
  if (review.networkFee < 0n) problems.push('Its outputs pay more than its inputs hold.');
  review.feeRate = tx.outputsLength
    ? Number(review.networkFee) / estimateVsize(inputTypes, scripts)
    : 0;
  if (review.feeRate > maxAcceptedFeeRate(request.feeRate)) {
    problems.push(
      `The network fee rate of ${feeRateText(review.feeRate)} is above the ${feeRateText(request.feeRate)} you chose.`,
    );
  }
  review.txid = psbtTxid(prepared.psbt);
  return review;
}
