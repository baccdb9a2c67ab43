import {
  addressOfScript,
  bytesToHex,
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
import { checkWallet } from '../multisig/multisig-wallet.ts';
import { unsafeSighashText } from '../signing/unsafe-sighash-text.ts';
import { feeRateText, parseOutpoint } from '../../lib/trade-format.ts';
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
 * exit, or the inscription would go to someone else's script.
 */
export function reviewInscriptionDeposit(psbt: string, request: DepositRequest): DepositReview {
  const empty = {
    items: [],
    makerAddress: request.maker.address,
    networkFee: 0n,
    feeRate: 0,
    change: 0n,
    txid: '',
  };
  let tx: ReturnType<typeof parsePsbt>;
  try {
    tx = parsePsbt(psbt);
  } catch {
    return { ...empty, problems: ['The deposit PSBT cannot be read.'] };
  }
  const makerScript = makerWalletScript(request);
  if (!makerScript) return { ...empty, problems: [NOT_YOUR_MAKER_WALLET] };
  const problems: string[] = [];
  const { network, items } = request;
  const paymentScript = scriptOfAddress(request.wallet.paymentAddress, network);
  const ownAddresses = [request.wallet.paymentAddress, request.wallet.ordinalsAddress];
  const address = (script: Uint8Array | undefined) =>
    script ? addressOfScript(script, network) : undefined;
  if (tx.inputsLength < items.length || tx.outputsLength < items.length) {
    problems.push(
      `The deposit PSBT has ${tx.inputsLength} inputs and ${tx.outputsLength} outputs for ${items.length} inscriptions.`,
    );
  }

  let spent = 0n;
  const inputTypes = Array.from({ length: tx.inputsLength }, (_, i) => {
    const input = tx.getInput(i);
    const prevout = input.witnessUtxo;
    const spend = prevout && spendTypeOfScript(prevout.script);
    const holder = address(prevout?.script);
    const item = items[i];
    if (item) {
      const expected = parseOutpoint(item.outpoint);
      const txid = input.txid && bytesToHex(input.txid);
      if (!expected || txid !== expected.txid || input.index !== expected.vout) {
        problems.push(`${item.label}: the PSBT moves another output than the inscription's.`);
      }
      if (!spend || !holder || !ownAddresses.includes(holder)) {
        problems.push(`${item.label}: the PSBT spends an output that is not in your wallet.`);
      }
    } else if (!prevout || !spend || !equalBytes(prevout.script, paymentScript)) {
      problems.push(`Input ${i} is not a coin of your payment address.`);
    }
    spent += prevout?.amount ?? 0n;
    return inputTypeOf(spend ?? 'p2wpkh');
  });

  let kept = 0n;
  let change = 0n;
  const reviewed: DepositReview['items'] = [];
  const scripts = Array.from({ length: tx.outputsLength }, (_, i) => {
    const { script, amount = 0n } = tx.getOutput(i);
    kept += amount;
    const item = items[i];
    if (item) {
      const to = address(script);
      reviewed.push({ label: item.label, value: amount, address: to });
      if (!script || !equalBytes(script, makerScript)) {
        problems.push(
          `${item.label}: the inscription would go to ${to ?? 'a script'}, not your maker wallet.`,
        );
      }
      const value = i < tx.inputsLength ? tx.getInput(i).witnessUtxo?.amount : undefined;
      if (value !== amount) {
        problems.push(`${item.label}: the inscription's output would not move whole.`);
      }
    } else if (!script || !equalBytes(script, paymentScript)) {
      problems.push(`Output ${i} pays ${address(script) ?? 'a script'}, not your payment address.`);
    } else {
      change += amount;
    }
    return script ?? new Uint8Array();
  });

  problems.push(...signingProblems(tx, request));
  const networkFee = spent - kept;
  const feeRate = Number(networkFee) / estimateVsize(inputTypes, scripts);
  if (feeRate > maxAcceptedFeeRate(request.feeRate)) {
    problems.push(
      `The network fee rate of ${feeRateText(feeRate)} is above the ${feeRateText(request.feeRate)} you chose.`,
    );
  }
  const txid = psbtTxid(psbt);
  if (txid !== request.txid.toLowerCase()) {
    problems.push('The server announced another transaction than the PSBT.');
  }
  return {
    items: reviewed,
    makerAddress: request.maker.address,
    networkFee,
    feeRate,
    change,
    txid,
    problems,
  };
}

export const NOT_YOUR_MAKER_WALLET =
  'The maker wallet is not a 2-of-2 of your payment key with a 144-block exit for you.';

/** The maker wallet's P2WSH script when it is ours (checkWallet); undefined otherwise. */
function makerWalletScript({ maker, wallet, network }: DepositRequest): Uint8Array | undefined {
  try {
    return checkWallet(maker, wallet.paymentPublicKey, network).script;
  } catch {
    return undefined;
  }
}

/**
 * Every input is the seller's and signed with ALL or DEFAULT, each by the address that holds it:
 * the inscriptions by the ordinals address, the coins by the payment address.
 */
function signingProblems(tx: ReturnType<typeof parsePsbt>, request: DepositRequest): string[] {
  const problems: string[] = [];
  for (const { index, address } of request.inputsToSign) {
    const script = index < tx.inputsLength ? tx.getInput(index).witnessUtxo?.script : undefined;
    if (!script || addressOfScript(script, request.network) !== address) {
      problems.push(`The server asks ${address} to sign input ${index}, which it does not hold.`);
    }
  }
  const all = Array.from({ length: tx.inputsLength }, (_, i) => i);
  const unsafe = inputsWithUnsafeSighash(tx, all);
  if (unsafe.length > 0) problems.push(unsafeSighashText(unsafe, 'The deposit'));
  return problems;
}
