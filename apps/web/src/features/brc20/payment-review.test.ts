// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHARGE_ADDRESS, order, paymentPsbt, price } from '../../test/brc20-test-fixtures.ts';
import { BUYER_PAYMENT, NETWORK, THIEF } from '../../test/trade-test-fixtures.ts';
import { reviewServicePayment } from './payment-review.ts';

// The payment of an inscription service order, read before the wallet signs it.

const AMOUNT = BigInt(price().amount);
const request = {
  network: NETWORK,
  paymentAddress: BUYER_PAYMENT.address,
  feeRate: 6,
  quotedAmount: AMOUNT,
};

describe('reviewServicePayment', () => {
  it("passes a payment of the order's charge, change back to the payer", () => {
    const review = reviewServicePayment(order(), paymentPsbt(), request);
    expect(review.problems).toEqual([]);
    expect(review.charged).toBe(AMOUNT);
    expect(review.chargeAddress).toBe(CHARGE_ADDRESS);
    expect(review.total).toBe(AMOUNT + review.networkFee);
  });

  it('says a charge above the quote, another charge address and a payment elsewhere', () => {
    const review = reviewServicePayment(
      order({ charge: { address: CHARGE_ADDRESS, amount: (AMOUNT + 1n).toString() } }),
      { ...paymentPsbt(AMOUNT, 'pays-elsewhere'), chargeAddress: THIEF.address, inputsToSign: [4] },
      request,
    );
    expect(review.problems).toEqual([
      'The order charges 0.00005693 BTC, more than the 0.00005692 BTC quoted.',
      'The payment is for another charge address than the order.',
      `Output 0 pays ${THIEF.address}, neither the charge address nor your payment address.`,
      'The PSBT pays 0.00000000 BTC to the charge address, not the 0.00005693 BTC of the order.',
      'The service asks to sign input 4, which the PSBT does not have.',
    ]);
  });

  it('says a PSBT it cannot read after what the order says', () => {
    const review = reviewServicePayment(
      order({ charge: { address: CHARGE_ADDRESS, amount: 'lots' } }),
      { ...paymentPsbt(), psbt: 'bm90IGEgcHNidA==' },
      request,
    );
    expect(review.problems).toEqual([
      "The order's charge cannot be read.",
      'The payment PSBT cannot be read.',
    ]);
  });
});
