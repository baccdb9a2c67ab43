import type { Transaction } from '@scure/btc-signer';
import { bytesToHex, equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt, scriptOfAddress } from './codec.ts';
import { estimateVsize, inputTypeOf } from './fees.ts';
import { inputsWithUnsafeSighash } from './sighash-check.ts';
import { psbtTxid } from './txid.ts';
import { spendTypeOfScript, type Outpoint } from './utxo.ts';

export type DepositCheckRequest = {
  network: BitcoinNetwork;
  paymentAddress: string;
  ordinalsAddress: string;
  /**
   * The maker wallet's P2WSH script once the caller has found it the seller's (2-of-2 of its
   * payment key with the 144-block exit); undefined when it is not, and nothing else matters.
   */
  makerScript: Uint8Array | undefined;
  /** Input i and output i; `outpoint` undefined when the listing named no valid one. */
  items: readonly { outpoint: Outpoint | undefined }[];
  inputsToSign: readonly { index: number; address: string }[];
  /** The highest fee rate, sat/vB, the seller accepts. */
  maxFeeRate: number;
  /** The txid the server announced: the listing names its outputs by it. */
  txid: string;
};

/** Why not to sign a deposit: a code, and what the words about it need; `item` indexes `items`. */
export type DepositProblem =
  | { code: 'maker-wallet-not-yours' }
  | { code: 'count-mismatch'; inputs: number; outputs: number; items: number }
  | { code: 'wrong-outpoint'; item: number }
  | { code: 'inscription-not-yours'; item: number }
  | { code: 'foreign-input'; index: number }
  | { code: 'not-to-maker'; item: number; address: string | undefined }
  | { code: 'not-whole'; item: number }
  | { code: 'pays-stranger'; index: number; address: string | undefined }
  | { code: 'signer-not-holder'; index: number; address: string }
  | { code: 'unsafe-sighash'; indices: number[] }
  | { code: 'fee-rate-too-high'; feeRate: number }
  | { code: 'txid-mismatch' };

export type DepositCheck = {
  /** Per item, output i: what it carries and where. */
  items: { value: bigint; address: string | undefined }[];
  networkFee: bigint;
  feeRate: number;
  change: bigint;
  /** The txid of the transaction the PSBT describes; '' when the maker wallet is not ours. */
  txid: string;
  problems: DepositProblem[];
};

/**
 * What the deposit PSBT makes the seller sign (ADR 009, before a protected listing): input i, the
 * inscription's output, goes whole to output i at the maker wallet, so each inscription keeps its
 * offset; every other input is a payment coin and every other output change to the payment
 * address; each input signed ALL or DEFAULT by the address holding it. Throws TradeError for a PSBT
 * that cannot be read.
 */
export function checkDepositPsbt(psbtBase64: string, request: DepositCheckRequest): DepositCheck {
  const tx = parsePsbt(psbtBase64);
  const { makerScript, items } = request;
  if (!makerScript) {
    const none = { items: [], networkFee: 0n, feeRate: 0, change: 0n, txid: '' };
    return { ...none, problems: [{ code: 'maker-wallet-not-yours' }] };
  }
  const problems: DepositProblem[] = [];
  const { inputsLength: inputs, outputsLength: outputs } = tx;
  if (inputs < items.length || outputs < items.length) {
    problems.push({ code: 'count-mismatch', inputs, outputs, items: items.length });
  }
  const spending = checkInputs(tx, request, problems);
  const paying = checkOutputs(tx, request, makerScript, problems);
  problems.push(...signingProblems(tx, request));
  const networkFee = spending.spent - paying.kept;
  const feeRate = Number(networkFee) / estimateVsize(spending.types, paying.scripts);
  if (feeRate > request.maxFeeRate) problems.push({ code: 'fee-rate-too-high', feeRate });
  const txid = psbtTxid(psbtBase64);
  if (txid !== request.txid.toLowerCase()) problems.push({ code: 'txid-mismatch' });
  return { items: paying.items, networkFee, feeRate, change: paying.change, txid, problems };
}

/** Input i is item i's inscription in the seller's wallet; the others are payment coins. */
function checkInputs(tx: Transaction, request: DepositCheckRequest, problems: DepositProblem[]) {
  const { network, items } = request;
  const paymentScript = scriptOfAddress(request.paymentAddress, network);
  const own = [request.paymentAddress, request.ordinalsAddress];
  let spent = 0n;
  const types = Array.from({ length: tx.inputsLength }, (_, index) => {
    const input = tx.getInput(index);
    const prevout = input.witnessUtxo;
    const spend = prevout && spendTypeOfScript(prevout.script);
    const item = items[index];
    if (item) {
      const { outpoint } = item;
      const txid = input.txid && bytesToHex(input.txid);
      if (!outpoint || txid !== outpoint.txid || input.index !== outpoint.vout) {
        problems.push({ code: 'wrong-outpoint', item: index });
      }
      const holder = prevout && addressOfScript(prevout.script, network);
      if (!spend || !holder || !own.includes(holder)) {
        problems.push({ code: 'inscription-not-yours', item: index });
      }
    } else if (!prevout || !spend || !equalBytes(prevout.script, paymentScript)) {
      problems.push({ code: 'foreign-input', index });
    }
    spent += prevout?.amount ?? 0n;
    return inputTypeOf(spend ?? 'p2wpkh');
  });
  return { spent, types };
}

/** Output i takes input i whole to the maker wallet; the others are change to the payment address. */
function checkOutputs(
  tx: Transaction,
  request: DepositCheckRequest,
  makerScript: Uint8Array,
  problems: DepositProblem[],
) {
  const paymentScript = scriptOfAddress(request.paymentAddress, request.network);
  const address = (script: Uint8Array | undefined) =>
    script ? addressOfScript(script, request.network) : undefined;
  let kept = 0n;
  let change = 0n;
  const items: DepositCheck['items'] = [];
  const scripts = Array.from({ length: tx.outputsLength }, (_, index) => {
    const { script, amount = 0n } = tx.getOutput(index);
    kept += amount;
    if (request.items[index]) {
      const to = address(script);
      items.push({ value: amount, address: to });
      if (!script || !equalBytes(script, makerScript)) {
        problems.push({ code: 'not-to-maker', item: index, address: to });
      }
      const value = index < tx.inputsLength ? tx.getInput(index).witnessUtxo?.amount : undefined;
      if (value !== amount) problems.push({ code: 'not-whole', item: index });
    } else if (!script || !equalBytes(script, paymentScript)) {
      problems.push({ code: 'pays-stranger', index, address: address(script) });
    } else {
      change += amount;
    }
    return script ?? new Uint8Array();
  });
  return { kept, change, items, scripts };
}

/**
 * Every input is the seller's and signed with ALL or DEFAULT, each by the address that holds it:
 * the inscriptions by the ordinals address, the coins by the payment address.
 */
function signingProblems(tx: Transaction, request: DepositCheckRequest): DepositProblem[] {
  const problems: DepositProblem[] = [];
  for (const { index, address } of request.inputsToSign) {
    const script = index < tx.inputsLength ? tx.getInput(index).witnessUtxo?.script : undefined;
    if (!script || addressOfScript(script, request.network) !== address) {
      problems.push({ code: 'signer-not-holder', index, address });
    }
  }
  const all = Array.from({ length: tx.inputsLength }, (_, i) => i);
  const unsafe = inputsWithUnsafeSighash(tx, all);
  if (unsafe.length > 0) problems.push({ code: 'unsafe-sighash', indices: unsafe });
  return problems;
}
