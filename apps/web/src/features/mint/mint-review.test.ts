// @vitest-environment node
import { CreateMintOfferPayloadSchema, type CreateMintOfferPayload } from '@om/core';
import { describe, expect, it } from 'vitest';
import { BUYER_ORDINALS, BUYER_PAYMENT, NETWORK } from '../../test/trade-test-fixtures.ts';
import { MINT_ITEMS, mintFixture, offerAnswer } from '../../test/mint-test-fixtures.ts';
import { reviewMint } from './mint-review.ts';

function offerOf(fixture: ReturnType<typeof mintFixture>): CreateMintOfferPayload {
  const [, envelope] = offerAnswer(fixture) as [number, { payload: unknown }];
  return CreateMintOfferPayloadSchema.parse(envelope.payload);
}

const request = (mintCount: number) => ({
  network: NETWORK,
  buyer: { paymentAddress: BUYER_PAYMENT.address, ordinalAddress: BUYER_ORDINALS.address },
  items: MINT_ITEMS.slice(0, mintCount).map((item) => ({ ...item, inscriptionOffset: 0n })),
  feeRate: 6,
  mintCount,
});

describe('reviewMint', () => {
  it('accepts the purchase of the items asked for, at the phase price, into the buyer wallet', () => {
    const review = reviewMint(offerOf(mintFixture({ count: 2 })), request(2));
    expect(review.problems).toEqual([]);
    expect(review.price).toBe(100_000n);
    expect(review.destinations.every((d) => d.isToBuyer)).toBe(true);
  });

  it('refuses an offer of fewer items than asked', () => {
    const review = reviewMint(offerOf(mintFixture({ count: 1 })), {
      ...request(1),
      mintCount: 2,
    });
    expect(review.problems).toContain('The offer holds 1 inscriptions, not the 2 you asked for.');
  });

  it('refuses an offer that sells items other than the ones it reserved', () => {
    const offer = offerOf(mintFixture({ count: 1 }));
    const review = reviewMint({ ...offer, ids: [MINT_ITEMS[1].listingId] }, request(1));
    expect(review.problems).toEqual([
      'The offer sells other items than the ones it reserved for you.',
    ]);
  });
});
