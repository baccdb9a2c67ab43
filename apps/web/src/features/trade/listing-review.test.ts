// @vitest-environment node
import { buildListingPsbt, bytesToBase64, bytesToHex, parsePsbt } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import { reviewListingPsbt, type ListingRequestItem } from './listing-review.ts';
import {
  NETWORK,
  protectedListingPsbt,
  SELLER,
  SELLER_MAKER,
  SELLER_PAYMENT,
  THIEF,
  THIEF_MAKER,
} from '../../test/trade-test-fixtures.ts';

const OUTPOINTS = [`${'01'.repeat(32)}:0`, `${'02'.repeat(32)}:3`];
const items: ListingRequestItem[] = [
  { label: 'Rock #1', outpoint: OUTPOINTS[0]!, price: 50_000n },
  { label: 'Rock #2', outpoint: OUTPOINTS[1]!, price: 120_000n },
];

function listingPsbt(payoutAddress = SELLER_PAYMENT.address, listed = items): string {
  const { psbt } = buildListingPsbt({
    items: listed.map((item) => {
      const [txid = '', vout = '0'] = item.outpoint.split(':');
      return {
        inscriptionUtxo: { txid, vout: Number(vout), value: 10_000n, script: SELLER.script },
        price: item.price,
        payoutAddress,
      };
    }),
    makerFeeBps: 100,
    network: NETWORK,
  });
  return bytesToBase64(psbt);
}

const context = {
  network: NETWORK,
  ownAddresses: [SELLER_PAYMENT.address, SELLER.address],
  items,
};

describe('reviewListingPsbt', () => {
  it('shows each payout and the platform fee taken from it', () => {
    expect(reviewListingPsbt(listingPsbt(), context)).toEqual({
      items: [
        {
          label: 'Rock #1',
          price: 50_000n,
          payout: 59_500n,
          payoutAddress: SELLER_PAYMENT.address,
          postage: 10_000n,
          platformFee: 500n,
        },
        {
          label: 'Rock #2',
          price: 120_000n,
          payout: 128_800n,
          payoutAddress: SELLER_PAYMENT.address,
          postage: 10_000n,
          platformFee: 1_200n,
        },
      ],
      problems: [],
    });
  });

  it('refuses a sale paying someone else', () => {
    const { problems } = reviewListingPsbt(listingPsbt(THIEF.address), context);
    expect(problems).toEqual([
      `Rock #1: the sale would pay ${THIEF.address}, not your wallet.`,
      `Rock #2: the sale would pay ${THIEF.address}, not your wallet.`,
    ]);
  });

  it('refuses another output than the chosen inscription, or a missing one', () => {
    const swapped = listingPsbt(SELLER_PAYMENT.address, [items[1]!, items[0]!]);
    expect(reviewListingPsbt(swapped, context).problems).toEqual([
      "Rock #1: the PSBT spends another output than the inscription's.",
      'Rock #1: the payout does not match the price.',
      "Rock #2: the PSBT spends another output than the inscription's.",
    ]);
    const one = listingPsbt(SELLER_PAYMENT.address, [items[0]!]);
    expect(reviewListingPsbt(one, context).problems).toEqual([
      'The listing PSBT has 1 inputs and 1 outputs for 2 inscriptions.',
    ]);
  });

  it("refuses a payout below the inscription output's own value", () => {
    const tx = parsePsbt(listingPsbt());
    tx.updateOutput(0, { amount: 5_000n });
    expect(reviewListingPsbt(bytesToBase64(tx.toPSBT()), context).problems).toEqual([
      'Rock #1: the payout does not match the price.',
    ]);
  });

  it('refuses what it cannot read', () => {
    expect(reviewListingPsbt('bm9wZQ==', context).problems).toEqual([
      'The listing PSBT cannot be read.',
    ]);
  });

  describe('a protected listing (ADR 009)', () => {
    const [first] = items;
    const protectedContext = {
      ...context,
      items: [first!],
      makerWitnessScript: bytesToHex(SELLER_MAKER.witnessScript),
    };

    it("accepts the maker wallet's P2WSH input paying the seller", () => {
      const review = reviewListingPsbt(protectedListingPsbt(first!.outpoint), protectedContext);
      expect(review.problems).toEqual([]);
      expect(review.items[0]).toMatchObject({
        payout: 59_500n,
        payoutAddress: SELLER_PAYMENT.address,
        platformFee: 500n,
      });
    });

    it("refuses an input that is not the maker wallet's, and a payout elsewhere", () => {
      const plain = listingPsbt(SELLER_PAYMENT.address, [first!]);
      expect(reviewListingPsbt(plain, protectedContext).problems).toEqual([
        "Rock #1: the PSBT does not spend your maker wallet's output.",
      ]);
      const other = {
        ...protectedContext,
        makerWitnessScript: bytesToHex(THIEF_MAKER.witnessScript),
      };
      expect(reviewListingPsbt(protectedListingPsbt(first!.outpoint), other).problems).toEqual([
        "Rock #1: the PSBT does not spend your maker wallet's output.",
      ]);
      const elsewhere = protectedListingPsbt(first!.outpoint, THIEF.address);
      expect(reviewListingPsbt(elsewhere, protectedContext).problems).toEqual([
        `Rock #1: the sale would pay ${THIEF.address}, not your wallet.`,
      ]);
    });
  });
});
