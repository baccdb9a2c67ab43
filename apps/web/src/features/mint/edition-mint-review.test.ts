// @vitest-environment node
import { bytesToBase64, parsePsbt } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { BUYER_PAYMENT, NETWORK, THIEF } from '../../test/trade-test-fixtures.ts';
import {
  CHARGE_ADDRESS,
  EDITION_PRICE,
  editionOrder,
  editionQuote,
  type EditionTamper,
} from './edition-mint-fixtures.ts';
import { reviewEditionMint, type EditionMintRequest } from './edition-mint-review.ts';

const request = (changes: Partial<EditionMintRequest> = {}): EditionMintRequest => ({
  network: NETWORK,
  paymentAddress: BUYER_PAYMENT.address,
  mintCount: 2,
  feeRate: 6,
  unitPrice: EDITION_PRICE,
  quoted: editionQuote(2),
  ...changes,
});

describe('reviewEditionMint', () => {
  it('accepts a payment of the order’s amount to its charge address, change back to the payer', () => {
    const order = editionOrder();
    const review = reviewEditionMint(order, request());
    expect(review.problems).toEqual([]);
    expect(review.charged).toBe(BigInt(order.amount));
    expect(review.charged).toBe(40_000n + 400n + 1_200n + 1_092n);
    expect(review.chargeAddress).toBe(CHARGE_ADDRESS);
    expect(review.change).toBeGreaterThan(0n);
    expect(review.total).toBe(review.charged + review.networkFee);
    expect(review.feeRate).toBeGreaterThan(5);
    expect(review.feeRate).toBeLessThan(7.7);
  });

  it.each<[EditionTamper, string]>([
    [
      'pays-elsewhere',
      `Output 0 pays ${THIEF.address}, neither the charge address nor your payment address.`,
    ],
    [
      'change-elsewhere',
      `Output 1 pays ${THIEF.address}, neither the charge address nor your payment address.`,
    ],
    [
      'pays-less',
      'The PSBT pays 0.00041692 BTC to the charge address, not the 0.00042692 BTC of the order.',
    ],
  ])('refuses a tampered PSBT (%s)', (tamper, problem) => {
    const review = reviewEditionMint(editionOrder({ tamper }), request());
    expect(review.problems).toContain(problem);
  });

  it('refuses a payment that pays elsewhere and nothing to the charge address', () => {
    const review = reviewEditionMint(editionOrder({ tamper: 'pays-elsewhere' }), request());
    expect(review.problems).toEqual([
      `Output 0 pays ${THIEF.address}, neither the charge address nor your payment address.`,
      'The PSBT pays 0.00000000 BTC to the charge address, not the 0.00042692 BTC of the order.',
    ]);
  });

  it('refuses an order priced above the page, or charging more than the price quoted', () => {
    const dearer = editionQuote(2, { unitPrice: '25000', price: '50000', total: '52692' });
    const review = reviewEditionMint(editionOrder({ quote: dearer }), request());
    expect(review.problems).toEqual([
      'The order prices an edition at 0.00025000 BTC, not the 0.00020000 BTC this page shows.',
      'The order charges 0.00052692 BTC, more than the 0.00042692 BTC quoted.',
    ]);
  });

  it('refuses a quote that does not add up', () => {
    const padded = editionQuote(2, { total: '43692' });
    const review = reviewEditionMint(editionOrder({ quote: padded }), request());
    expect(review.problems).toContain("The order's quote does not add up.");
  });

  it('refuses an order of other editions than asked', () => {
    const review = reviewEditionMint(editionOrder({ count: 1 }), request());
    expect(review.problems).toContain('The order holds 1 editions, not the 2 you asked for.');
  });

  it('refuses a coin that is not the payer’s, and a signer that is not the payer', () => {
    const order = editionOrder();
    const tx = parsePsbt(order.psbt);
    tx.updateInput(0, { witnessUtxo: { script: THIEF.script, amount: 300_000n } }, true);
    const review = reviewEditionMint(
      {
        ...order,
        psbt: bytesToBase64(tx.toPSBT()),
        inputsToSign: [{ index: 0, address: THIEF.address }],
      },
      request(),
    );
    expect(review.problems).toEqual([
      'Input 0 is not a coin of your payment address.',
      `The server asks ${THIEF.address} to sign input 0, which is not your coin.`,
    ]);
  });

  it('refuses a fee rate above the one chosen', () => {
    const review = reviewEditionMint(editionOrder(), request({ feeRate: 2 }));
    expect(review.problems).toEqual([
      `The network fee rate of ${Number(review.feeRate.toFixed(2))} sat/vB is above the 2 sat/vB you chose.`,
    ]);
  });

  it('says a PSBT it cannot read', () => {
    const review = reviewEditionMint({ ...editionOrder(), psbt: 'bm90IGEgcHNidA==' }, request());
    expect(review.problems).toEqual(['The mint PSBT cannot be read.']);
  });
});
