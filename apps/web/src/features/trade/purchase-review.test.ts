// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { reviewPurchase, type PurchaseRequest } from './purchase-review.ts';
import {
  BUYER_MULTISIG,
  BUYER_ORDINALS,
  BUYER_PAYMENT,
  INSCRIPTION_ID,
  LISTINGS,
  MAKER_FEE,
  NETWORK,
  PLATFORM,
  PRICE,
  purchaseFixture,
  purchaseItem,
  THIEF,
} from '../../test/trade-test-fixtures.ts';

const request: PurchaseRequest = {
  network: NETWORK,
  buyer: { paymentAddress: BUYER_PAYMENT.address, ordinalAddress: BUYER_ORDINALS.address },
  items: [purchaseItem],
  feeRate: 6,
};

describe('reviewPurchase', () => {
  it.each([false, true])('reads the amounts from the PSBTs (chained setup: %s)', (chained) => {
    const fixture = purchaseFixture({ chained });
    const review = reviewPurchase(fixture.psbt, fixture.setupPsbt, fixture.quote, request);
    expect(review.problems).toEqual([]);
    expect(review).toMatchObject({
      price: PRICE,
      platformFee: MAKER_FEE,
      platformFeeAddress: PLATFORM.address,
      networkFee: fixture.networkFee,
      total: fixture.total,
      hasSetup: chained,
      destinations: [{ inscriptionId: INSCRIPTION_ID, address: BUYER_ORDINALS.address, vout: 1 }],
    });
    expect(review.padding).toBe(1_200n);
  });

  it('reviews several listings bought in one transaction, each at its own output', () => {
    const [, second] = LISTINGS;
    const fixture = purchaseFixture({ listings: LISTINGS });
    const review = reviewPurchase(fixture.psbt, null, fixture.quote, {
      ...request,
      items: [purchaseItem, { ...second, inscriptionOffset: 0n }],
    });
    expect(review.problems).toEqual([]);
    expect(review.price).toBe(130_000n);
    expect(review.platformFee).toBe(1_300n);
    expect(review.destinations).toEqual([
      {
        inscriptionId: INSCRIPTION_ID,
        price: PRICE,
        address: BUYER_ORDINALS.address,
        vout: 1,
        isToBuyer: true,
      },
      {
        inscriptionId: second.inscriptionId,
        price: second.price,
        address: BUYER_ORDINALS.address,
        vout: 2,
        isToBuyer: true,
      },
    ]);
  });

  it('refuses a quote that names other outputs than the transaction uses', () => {
    const [, second] = LISTINGS;
    const fixture = purchaseFixture({ listings: LISTINGS });
    const [a, b] = fixture.quote.items;
    const quote = {
      ...fixture.quote,
      items: [
        { ...a!, outputIndex: 2 },
        { ...b!, outputIndex: 1 },
      ],
    };
    const review = reviewPurchase(fixture.psbt, null, quote, {
      ...request,
      items: [purchaseItem, { ...second, inscriptionOffset: 0n }],
    });
    expect(review.problems).toEqual([
      `The offer says inscription ${INSCRIPTION_ID} goes to output 2, but the transaction sends it to output 1.`,
      `The offer says inscription ${second.inscriptionId} goes to output 1, but the transaction sends it to output 2.`,
    ]);
  });

  it('refuses a purchase that sends the inscription elsewhere', () => {
    const fixture = purchaseFixture({ tamper: 'inscription-elsewhere' });
    const review = reviewPurchase(fixture.psbt, null, fixture.quote, request);
    expect(review.destinations[0]?.address).toBe(THIEF.address);
    expect(review.problems).toContain(
      `The inscription would go to ${THIEF.address}, not to your ordinals address ${BUYER_ORDINALS.address}.`,
    );
  });

  it('refuses to sign a buyer coin with a sighash that lets others redirect it', () => {
    const fixture = purchaseFixture({ tamper: 'buyer-sighash-none' });
    expect(reviewPurchase(fixture.psbt, null, fixture.quote, request).problems).toEqual([
      'The purchase asks to sign input 0 with a sighash that lets others change what it pays.',
    ]);
  });

  it('refuses a price other than the listed one', () => {
    const fixture = purchaseFixture();
    const review = reviewPurchase(fixture.psbt, null, fixture.quote, {
      ...request,
      items: [{ ...purchaseItem, price: 40_000n }],
    });
    expect(review.problems).toEqual([
      'The sellers would get 0.00049500 BTC, more than the price of 0.00040000 BTC.',
      'The price is now 0.00050000 BTC, not 0.00040000 BTC.',
    ]);
  });

  it('refuses a fee rate above the chosen one', () => {
    const fixture = purchaseFixture({ feeRate: 20 });
    const review = reviewPurchase(fixture.psbt, null, fixture.quote, request);
    expect(review.problems).toEqual([
      'The network fee rate of 20 sat/vB is above the 6 sat/vB you chose.',
    ]);
  });

  it('does not take an unquoted output for the platform fee', () => {
    const fixture = purchaseFixture();
    const review = reviewPurchase(
      fixture.psbt,
      null,
      { ...fixture.quote, platformFee: '400' },
      request,
    );
    expect(review.platformFee).toBe(0n);
    expect(review.problems).toEqual([
      "Output 3 pays an address that is neither yours nor a seller's.",
    ]);
  });

  it('takes the fee output only when it pays the configured platform address', () => {
    const fixture = purchaseFixture();
    const pinned = reviewPurchase(fixture.psbt, null, fixture.quote, {
      ...request,
      platformFeeAddress: PLATFORM.address,
    });
    expect(pinned.problems).toEqual([]);
    expect(pinned.platformFee).toBe(BigInt(fixture.quote.platformFee));
    const elsewhere = reviewPurchase(fixture.psbt, null, fixture.quote, {
      ...request,
      platformFeeAddress: 'bcrt1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    expect(elsewhere.platformFee).toBe(0n);
    expect(elsewhere.problems).toEqual([
      expect.stringMatching(/^Output \d+ pays an address that is neither yours nor a seller's\.$/),
    ]);
  });

  it('refuses what it cannot read', () => {
    const fixture = purchaseFixture();
    const review = reviewPurchase('bm9wZQ==', null, fixture.quote, request);
    expect(review.problems).toHaveLength(1);
    expect(review.problems[0]).toMatch(/^The purchase PSBT cannot be read/);
  });

  it("reads a protected listing bought with the buyer's multisig paddings (ADR 009)", () => {
    const fixture = purchaseFixture({ multisig: true, isProtected: true });
    const withMultisig = {
      ...request,
      buyer: { ...request.buyer, multisigAddress: BUYER_MULTISIG.address },
    };
    const review = reviewPurchase(fixture.psbt, null, fixture.quote, withMultisig);
    expect(review.problems).toEqual([]);
    expect(review).toMatchObject({ price: PRICE, platformFee: MAKER_FEE, padding: 1_200n });
    // Without the multisig wallet its coins are a stranger's: nothing would be signed.
    expect(reviewPurchase(fixture.psbt, null, fixture.quote, request).problems).toContain(
      'Input 0 is not from your wallet.',
    );
  });
});
