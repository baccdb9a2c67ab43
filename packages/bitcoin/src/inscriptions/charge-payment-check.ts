import type { Transaction } from '@scure/btc-signer';
import { equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript, parsePsbt, scriptOfAddress } from '../psbt/codec.ts';
import { builtTxid } from '../psbt/txid.ts';
import {
  readPsbtAmounts,
  spendingProblems,
  type PsbtAmounts,
  type SpendingProblem,
} from './psbt-amounts.ts';

/** What the payer was told it pays: an inscription order's charge (ADR 016) or an edition order's (ADR 011). */
export type ChargePaymentRequest = {
  network: BitcoinNetwork;
  /** The payer's address: every input is its coin, every other output its change. */
  paymentAddress: string;
  chargeAddress: string;
  /** The order's amount, sats: exactly what one output pays the charge address. */
  amount: bigint;
  /** What the server asks the wallet to sign, and with which address. */
  inputsToSign: readonly { index: number; address: string }[];
  /** The highest fee rate, sat/vB, the payer accepts. */
  maxFeeRate: number;
};

/** Why not to sign a charge payment: a code, and what the words about it need. */
export type ChargePaymentProblem =
  | { code: 'unreadable' }
  /** The charge address is not one of the request's network. */
  | { code: 'charge-address-invalid' }
  | { code: 'foreign-input'; index: number }
  /** An output to neither the charge address nor the payment address. */
  | { code: 'pays-stranger'; index: number; address: string | undefined }
  /** Not exactly one output to the charge address, or not of the order's amount. */
  | { code: 'charge-mismatch'; charged: bigint; amount: bigint }
  /** An input the PSBT does not have, or one asked of another address than the payer's. */
  | { code: 'sign-not-your-coin'; index: number; address: string }
  | SpendingProblem;

export type ChargePaymentCheck = {
  /** Paid to the charge address. */
  charged: bigint;
  /** Back to the payment address. */
  change: bigint;
  /** Inputs minus outputs. */
  networkFee: bigint;
  /** The fee over the transaction's estimated vsize. */
  feeRate: number;
  txid: string;
  /** Why not to sign; empty when the PSBT pays the order and nothing else. */
  problems: ChargePaymentProblem[];
};

/**
 * Reads a PSBT that pays an order's charge address before the payer's wallet signs it: every
 * input a coin of the payment address, signed ALL and asked of that address, exactly one output of
 * the order's amount to the charge address, the rest change, at the fee rate chosen. Amounts come
 * from the PSBT, never from the service's words. Throws TradeError for a payment address that is
 * not of the network.
 */
export function checkChargePaymentPsbt(
  psbtBase64: string,
  request: ChargePaymentRequest,
): ChargePaymentCheck {
  let tx: Transaction;
  try {
    tx = parsePsbt(psbtBase64);
  } catch {
    const none = { charged: 0n, change: 0n, networkFee: 0n, feeRate: 0, txid: '' };
    return { ...none, problems: [{ code: 'unreadable' }] };
  }
  const { network } = request;
  const payment = scriptOfAddress(request.paymentAddress, network);
  const problems: ChargePaymentProblem[] = [];
  let charge: Uint8Array | undefined;
  try {
    charge = scriptOfAddress(request.chargeAddress, network);
  } catch {
    problems.push({ code: 'charge-address-invalid' });
  }

  const read = readPsbtAmounts(tx);
  read.prevouts.forEach((prevout, index) => {
    if (!prevout || !equalBytes(prevout.script, payment)) {
      problems.push({ code: 'foreign-input', index });
    }
  });
  const outputs = readOutputs(read.outputs, { payment, charge }, network);
  problems.push(...outputs.problems);
  if (outputs.charges !== 1 || outputs.charged !== request.amount) {
    problems.push({ code: 'charge-mismatch', charged: outputs.charged, amount: request.amount });
  }
  for (const { index, address } of request.inputsToSign) {
    const isMissing = index < 0 || index >= tx.inputsLength;
    if (isMissing || address !== request.paymentAddress) {
      problems.push({ code: 'sign-not-your-coin', index, address });
    }
  }
  problems.push(...spendingProblems(tx, read, request.maxFeeRate));
  const { networkFee, feeRate } = read;
  const { charged, change } = outputs;
  return { charged, change, networkFee, feeRate, txid: builtTxid(tx), problems };
}

/** Each output pays the charge address or is change; anything else pays a stranger. */
function readOutputs(
  outputs: PsbtAmounts['outputs'],
  own: { payment: Uint8Array; charge: Uint8Array | undefined },
  network: BitcoinNetwork,
) {
  const problems: ChargePaymentProblem[] = [];
  let charges = 0;
  let charged = 0n;
  let change = 0n;
  outputs.forEach(({ script, amount }, index) => {
    if (own.charge && equalBytes(script, own.charge)) {
      charges += 1;
      charged += amount;
    } else if (equalBytes(script, own.payment)) {
      change += amount;
    } else {
      problems.push({ code: 'pays-stranger', index, address: addressOfScript(script, network) });
    }
  });
  return { problems, charges, charged, change };
}
