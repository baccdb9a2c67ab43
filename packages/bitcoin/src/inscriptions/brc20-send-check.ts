import type { Transaction } from '@scure/btc-signer';
import { bytesToHex, equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt, scriptOfAddress } from '../psbt/codec.ts';
import { builtTxid } from '../psbt/txid.ts';
import { readPsbtAmounts, spendingProblems, type SpendingProblem } from './psbt-amounts.ts';

/** What the sender asked for, and which inputs the server says each key signs. */
export type Brc20SendRequest = {
  network: BitcoinNetwork;
  toAddress: string;
  /** Where the transfer inscription sits. */
  ordinalsAddress: string;
  /** Where the fee's coins come from and the change returns. */
  paymentAddress: string;
  /** 'txid:vout' of the transfer inscription's output. */
  outpoint: string;
  ordinalInputs: readonly number[];
  paymentInputs: readonly number[];
  /** The highest fee rate, sat/vB, the sender accepts. */
  maxFeeRate: number;
};

/** Why not to sign a BRC-20 transfer's send: a code, and what the words about it need. */
export type Brc20SendProblem =
  | { code: 'unreadable' }
  /** Input 0 does not spend the transfer inscription's output. */
  | { code: 'not-the-inscription' }
  /** Not a coin of the address whose key is asked to sign it. */
  | { code: 'foreign-input'; index: number }
  /** An input neither key is asked to sign. */
  | { code: 'unlisted-input'; index: number }
  | { code: 'not-to-recipient' }
  | { code: 'pays-stranger'; index: number; address: string | undefined }
  | SpendingProblem;

export type Brc20SendCheck = {
  /** The postage the inscription travels with, to the recipient (output 0). */
  sentValue: bigint;
  /** Back to the payment address. */
  change: bigint;
  networkFee: bigint;
  feeRate: number;
  txid: string;
  problems: Brc20SendProblem[];
};

/**
 * Reads the PSBT that sends a transfer inscription before the wallet signs it: the inscription's
 * own output is spent first (by the ordinals key), its sats go to the recipient in output 0 (the
 * first output takes the first input's sats, so the inscription lands there), the fee comes from
 * payment coins, every other output is change to the payment address, each input signed ALL.
 * Throws TradeError for an address that is not of the network.
 */
export function checkBrc20SendPsbt(psbtBase64: string, request: Brc20SendRequest): Brc20SendCheck {
  let tx: Transaction;
  try {
    tx = parsePsbt(psbtBase64);
  } catch {
    const none = { sentValue: 0n, change: 0n, networkFee: 0n, feeRate: 0, txid: '' };
    return { ...none, problems: [{ code: 'unreadable' }] };
  }
  const { network } = request;
  const ordinals = scriptOfAddress(request.ordinalsAddress, network);
  const payment = scriptOfAddress(request.paymentAddress, network);
  const recipient = scriptOfAddress(request.toAddress, network);
  const problems: Brc20SendProblem[] = [];

  const first = tx.inputsLength > 0 ? tx.getInput(0) : undefined;
  const firstOutpoint = first?.txid ? `${bytesToHex(first.txid)}:${first.index ?? 0}` : '';
  if (firstOutpoint !== request.outpoint) problems.push({ code: 'not-the-inscription' });
  const read = readPsbtAmounts(tx);
  read.prevouts.forEach((prevout, index) => {
    const isOrdinal = request.ordinalInputs.includes(index);
    const expected = isOrdinal ? ordinals : payment;
    if (!prevout || !equalBytes(prevout.script, expected)) {
      problems.push({ code: 'foreign-input', index });
    }
    if (!isOrdinal && !request.paymentInputs.includes(index)) {
      problems.push({ code: 'unlisted-input', index });
    }
  });

  let sentValue = 0n;
  let change = 0n;
  read.outputs.forEach(({ script, amount }, index) => {
    if (index === 0) {
      sentValue = amount;
      if (!equalBytes(script, recipient)) problems.push({ code: 'not-to-recipient' });
    } else if (equalBytes(script, payment)) {
      change += amount;
    } else {
      problems.push({ code: 'pays-stranger', index, address: addressOfScript(script, network) });
    }
  });
  problems.push(...spendingProblems(tx, read, request.maxFeeRate));
  const { networkFee, feeRate } = read;
  return { sentValue, change, networkFee, feeRate, txid: builtTxid(tx), problems };
}
