import type { BitcoinNetwork } from '@om/bitcoin';
import type { InscribeOrder, PaymentPsbt } from '@om/core';
import { reviewChargePayment } from '../trade/charge-payment.ts';
import { btcText } from '../../lib/trade-format.ts';

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
 * is the chosen one (checkChargePaymentPsbt). Amounts come from the PSBT, not from the service's
 * words.
 */
export function reviewServicePayment(
  order: InscribeOrder,
  payment: PaymentPsbt,
  request: Request,
): ServicePaymentReview {
  const amount = sats(order.charge.amount);
  const problems: string[] = [];
  if (amount === undefined) problems.push("The order's charge cannot be read.");
  if (amount !== undefined && amount > request.quotedAmount) {
    problems.push(
      `The order charges ${btcText(amount)}, more than the ${btcText(request.quotedAmount)} quoted.`,
    );
  }
  if (payment.chargeAddress !== order.charge.address) {
    problems.push('The payment is for another charge address than the order.');
  }
  const { network, paymentAddress, feeRate } = request;
  const paid = reviewChargePayment(
    payment.psbt,
    {
      network,
      paymentAddress,
      feeRate,
      chargeAddress: order.charge.address,
      amount: amount ?? 0n,
      inputsToSign: payment.inputsToSign.map((index) => ({ index, address: paymentAddress })),
    },
    {
      subject: 'The payment',
      // Every input is asked of the payment address: only one the PSBT lacks is wrong.
      signText: (index) => `The service asks to sign input ${index}, which the PSBT does not have.`,
    },
  );
  return {
    ...paid,
    chargeAddress: order.charge.address,
    total: paid.charged + paid.networkFee,
    problems: [...problems, ...paid.problems],
  };
}
