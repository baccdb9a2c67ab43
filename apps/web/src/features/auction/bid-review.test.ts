// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NETWORK } from '../../test/multisig-test-fixtures.ts';
import { PLATFORM, THIEF } from '../../test/trade-test-fixtures.ts';
import {
  BIDDER,
  BIDDER_MULTISIG,
  INSCRIPTION_ID,
  MAKER_OUTPOINT,
  placedBid,
  type BidTamper,
} from './auction-test-fixtures.ts';
import { reviewBid, type BidReviewRequest } from './bid-review.ts';

// The browser's reading of a bid's settlement PSBT before the bidder signs it (ADR 012).

function request(overrides: Partial<BidReviewRequest> = {}): BidReviewRequest {
  return {
    network: NETWORK,
    bidder: {
      paymentAddress: BIDDER.paymentAddress,
      ordinalAddress: BIDDER.ordinalsAddress,
      multisigAddress: BIDDER_MULTISIG.address,
    },
    item: { inscriptionId: INSCRIPTION_ID, outpoint: MAKER_OUTPOINT, inscriptionOffset: 0n },
    amount: 40_000n,
    feeRate: 6,
    platformFeeAddress: PLATFORM.address,
    ...overrides,
  };
}

describe('reviewBid', () => {
  it('passes a bid whose amounts add up and whose inscription goes to the bidder', () => {
    const placed = placedBid();
    const review = reviewBid(placed, request());
    expect(review.problems).toEqual([]);
    // 40,000: 29,700 floor net + 9,900 excess to the seller, 400 (1%) to the platform.
    expect(review).toMatchObject({
      amount: 40_000n,
      winnerAddress: BIDDER.ordinalsAddress,
      sellerGets: 39_600n,
      platformFee: 400n,
      postage: 10_000n,
      networkFee: BigInt(placed.networkFee),
      total: BigInt(placed.total),
    });
    expect(review.total).toBe(40_000n + 10_000n + review.networkFee);
  });

  it('passes a bid just above the floor, whose excess and fee are left out as dust', () => {
    // 30,100: the 301-sat fee and the seller's 99-sat excess are dust; the bidder keeps 400.
    const review = reviewBid(placedBid(30_100n), request({ amount: 30_100n }));
    expect(review.problems).toEqual([]);
    expect([review.sellerGets, review.platformFee]).toEqual([29_700n, 0n]);
    expect(review.total).toBe(29_700n + 10_000n + review.networkFee);
  });

  it.each<[BidTamper, string]>([
    [
      'inscription-elsewhere',
      `The inscription would go to ${THIEF.address}, not to your ordinals address ${BIDDER.ordinalsAddress}.`,
    ],
    ['sign-seller', "The server asks you to sign input 2, the seller's."],
    ['quote-less', 'The server quotes a total of'],
  ])('refuses a bid PSBT tampered with (%s)', (tamper, problem) => {
    const review = reviewBid(placedBid(40_000n, tamper), request());
    expect(review.problems).toContainEqual(expect.stringContaining(problem));
  });

  it('refuses a bid that pays the seller more than the amount asked', () => {
    const review = reviewBid(placedBid(60_000n), request());
    expect(review.problems).toContain(
      'The seller and the platform would get 0.00060000 BTC, not your bid of 0.00040000 BTC.',
    );
  });

  it('refuses a fee output when the platform takes none, and another output of the inscription', () => {
    const stranger = reviewBid(placedBid(), request({ platformFeeAddress: '' }));
    expect(stranger.problems).toContain(
      `Output 4 pays ${PLATFORM.address}, neither you, the seller nor the platform.`,
    );
    const elsewhere = reviewBid(
      placedBid(),
      request({
        item: {
          inscriptionId: INSCRIPTION_ID,
          outpoint: `${'d8'.repeat(32)}:0`,
          inscriptionOffset: 0n,
        },
      }),
    );
    expect(elsewhere.problems).toContain('The PSBT does not spend the auctioned inscription.');
  });

  it('refuses a fee rate above the chosen one', () => {
    const review = reviewBid(placedBid(), request({ feeRate: 2 }));
    expect(review.problems).toContainEqual(
      expect.stringMatching(/^The network fee rate of .* is above the 2 sat\/vB you chose\.$/),
    );
  });
});
