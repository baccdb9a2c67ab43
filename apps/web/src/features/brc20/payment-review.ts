import {
  parsePsbt,
  psbtTxid,
  scriptOfAddress,
  type BitcoinNetwork,
  inputsWithUnsafeSighash,
} from '@om/bitcoin';
import type { InscribeOrder, PaymentPsbt } from '@om/core';
import { unsafeSighashText } from '../signing/unsafe-sighash-text.ts';
import { reviewChargePayment } from '../trade/charge-payment.ts';
import { btcText, feeRateText } from '../../lib/trade-format.ts';
import { maxAcceptedFeeRate } from '../signing/fee-rate-slack.ts';

export type ServicePaymentReview = {
  chargeAddress: string;
  /** What the PSBT pays the charge address. */
  charged: bigint;
  networkFee: bigint;
  feeRate: number;
  change: bigint;
  /** What leaves the wallet: the charge and the payment's own fee. */
  total: bigint;
  txid: string;
  /** Why not to sign, in words; empty when the PSBT pays the order and nothing else. */
  problems: string[];
};

type Request = {
  network: BitcoinNetwork;
  paymentAddress: string;
  feeRate: number;
  /** The price quoted just before (POST {base}/price): the order may not charge more. */
  quotedAmount: bigint;
};

const sats = (value: string) => (/^\d+$/.test(value) ? BigInt(value) : undefined);

/**
 * Reads the PSBT that pays an inscription service order before the wallet signs it: every input
 * is a coin of the payment address, one output pays the order's charge address exactly its
 * amount, the rest is change to the payment address, inputs are signed with ALL and the fee rate
 * is the chosen one. Amounts come from the PSBT, not from the service's words.
 */
export function reviewServicePayment(
  order: InscribeOrder,
  payment: PaymentPsbt,
  request: Request,
): ServicePaymentReview {
  const amount = sats(order.charge.amount);
  const review: ServicePaymentReview = {
    chargeAddress: order.charge.address,
    charged: 0n,
    networkFee: 0n,
    feeRate: 0,
    change: 0n,
    total: 0n,
    txid: '',
    problems: [],
  };
  const problems = review.problems;
  if (amount === undefined) problems.push("The order's charge cannot be read.");
  if (amount !== undefined && amount > request.quotedAmount) {
    problems.push(
      `The order charges ${btcText(amount)}, more than the ${btcText(request.quotedAmount)} quoted.`,
    );
  }
  if (payment.chargeAddress !== order.charge.address) {
    problems.push('The payment is for another charge address than the order.');
  }
  let tx: ReturnType<typeof parsePsbt>;
  try {
    tx = parsePsbt(payment.psbt);
  } catch {
    return { ...review, problems: [...problems, 'The payment PSBT cannot be read.'] };
  }
  const { network } = request;
  const paymentScript = scriptOfAddress(request.paymentAddress, network);
  let chargeScript: Uint8Array | undefined;
  try {
    chargeScript = scriptOfAddress(order.charge.address, network);
  } catch {
    problems.push(`The charge address ${order.charge.address} is not an address of this network.`);
  }

  const paid = reviewChargePayment(
    tx,
    { payment: paymentScript, charge: chargeScript },
    amount ?? 0n,
    network,
    problems,
  );
  review.charged = paid.charged;
  review.change = paid.change;
  for (const index of payment.inputsToSign) {
    if (index < 0 || index >= tx.inputsLength) {
      problems.push(`The service asks to sign input ${index}, which the PSBT does not have.`);
    }
  }
  const unsafe = inputsWithUnsafeSighash(
    tx,
    Array.from({ length: tx.inputsLength }, (_, i) => i),
  );
  if (unsafe.length > 0) problems.push(unsafeSighashText(unsafe, 'The payment'));

  review.networkFee = paid.networkFee;
  if (review.networkFee < 0n) problems.push('Its outputs pay more than its inputs hold.');
  review.feeRate = paid.feeRate;
  if (review.feeRate > maxAcceptedFeeRate(request.feeRate)) {
    problems.push(
      `The network fee rate of ${feeRateText(review.feeRate)} is above the ${feeRateText(request.feeRate)} you chose.`,
    );
  }
  review.total = review.charged + review.networkFee;
  review.txid = psbtTxid(payment.psbt);
  return review;
}
