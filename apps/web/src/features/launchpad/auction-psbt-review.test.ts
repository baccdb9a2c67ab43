// @vitest-environment node
import { compressedPublicKey, hexToBytes, multisigWallet, privateKeyFromHex } from '@om/bitcoin';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  MAKER,
  NETWORK,
  THIEF_ADDRESS,
  walletInfo,
} from '../../test/multisig-test-fixtures.ts';
import { reviewAuctionPsbts, type AuctionPsbtContext } from './auction-psbt-review.ts';
import { AUCTION_UTXO, createdAuctionPayload, FLOOR, POSTAGE } from './auction-test-fixtures.ts';

// The browser's reading of a new auction's two PSBTs before the wallet signs them (ADR 012).

/** A 2-of-2 on the seller's key with another co-signer: not the maker wallet the server named. */
const OTHER_WALLET = multisigWallet(
  hexToBytes(ACCOUNT.paymentPublicKey),
  compressedPublicKey(privateKeyFromHex('46'.repeat(32))),
  NETWORK,
);

function context(overrides: Partial<AuctionPsbtContext> = {}): AuctionPsbtContext {
  return {
    network: NETWORK,
    wallet: ACCOUNT,
    maker: walletInfo('maker', MAKER),
    utxo: AUCTION_UTXO,
    floor: FLOOR,
    feeRate: 6,
    platformFeeBps: 100,
    ...overrides,
  };
}

describe('reviewAuctionPsbts', () => {
  it('passes the deposit into the maker wallet and the floor paid to the seller', () => {
    const review = reviewAuctionPsbts(createdAuctionPayload(), context());
    expect(review.problems).toEqual([]);
    // 30,000 less 1% (300), plus the 10,000-sat output that comes back to the seller.
    expect(review).toMatchObject({
      makerAddress: MAKER.address,
      postage: POSTAGE,
      floor: FLOOR,
      payout: 39_700n,
      payoutAddress: ACCOUNT.paymentAddress,
      platformFee: 300n,
    });
    expect(review.networkFee).toBeGreaterThan(0n);
  });

  it('refuses a deposit that sends the inscription elsewhere than the maker wallet', () => {
    const review = reviewAuctionPsbts(createdAuctionPayload({ to: OTHER_WALLET }), context());
    expect(review.problems).toContain(
      `The inscription: the inscription would go to ${OTHER_WALLET.address}, not your maker wallet.`,
    );
  });

  it('refuses a floor below the one asked', () => {
    const review = reviewAuctionPsbts(createdAuctionPayload({ floorPrice: 20_000n }), context());
    expect(review.problems).toEqual([
      'The floor: a sale would pay you 0.00029800 BTC, less than the floor of 0.00030000 BTC after the platform fee.',
    ]);
  });

  it('refuses a floor paid to someone else', () => {
    const review = reviewAuctionPsbts(createdAuctionPayload({ payTo: THIEF_ADDRESS }), context());
    expect(review.problems).toEqual([
      `The floor: the sale would pay ${THIEF_ADDRESS}, not your wallet.`,
    ]);
  });

  it('refuses a settlement PSBT that another transaction than the deposit feeds', () => {
    const payload = createdAuctionPayload();
    const other = createdAuctionPayload({ to: OTHER_WALLET });
    const review = reviewAuctionPsbts(
      { ...payload, settlementPsbtBase64: other.settlementPsbtBase64 },
      context(),
    );
    expect(review.problems).toEqual(
      expect.arrayContaining([
        "The floor: the PSBT spends another output than the inscription's.",
        "The floor: the PSBT does not spend your maker wallet's output.",
      ]),
    );
  });

  it('refuses to sign the floor with another sighash or address', () => {
    const payload = createdAuctionPayload();
    const review = reviewAuctionPsbts(
      {
        ...payload,
        settlementInputsToSign: [{ index: 0, address: ACCOUNT.ordinalsAddress, sighash: 0x01 }],
      },
      context(),
    );
    expect(review.problems).toEqual([
      `The floor: the server asks ${ACCOUNT.ordinalsAddress} to sign input 0, not your payment address.`,
      'The floor: input 0 is not to be signed SIGHASH_SINGLE|ANYONECANPAY.',
    ]);
  });

  it('refuses an inscription output other than the one chosen, and unreadable PSBTs', () => {
    const moved = reviewAuctionPsbts(
      createdAuctionPayload(),
      context({ utxo: `${'d4'.repeat(32)}:1` }),
    );
    expect(moved.problems).toContain(
      "The inscription: the PSBT moves another output than the inscription's.",
    );
    const garbage = reviewAuctionPsbts(
      { ...createdAuctionPayload(), psbtBase64: 'bm90IGEgcHNidA==' },
      context(),
    );
    expect(garbage.problems).toContain('The deposit PSBT cannot be read.');
  });
});
