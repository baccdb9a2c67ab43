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
import { reviewLaunchPsbt, type LaunchPsbtContext } from './launch-psbt-review.ts';
import { depositPayload, listingPayload, PUBLIC_PRICE, WL_PRICE } from './launch-test-fixtures.ts';

// The browser's reading of each launch batch before the wallet signs it (ADR 010).

/** A 2-of-2 on the creator's key with another co-signer: not the maker wallet the server named. */
const OTHER_WALLET = multisigWallet(
  hexToBytes(ACCOUNT.paymentPublicKey),
  compressedPublicKey(privateKeyFromHex('46'.repeat(32))),
  NETWORK,
);

function context(
  batch: LaunchPsbtContext['batch'],
  overrides: Partial<LaunchPsbtContext> = {},
): LaunchPsbtContext {
  return {
    network: NETWORK,
    wallet: ACCOUNT,
    maker: walletInfo('maker', MAKER),
    batch,
    price: WL_PRICE,
    feeRate: 6,
    platformFeeBps: 100,
    ...overrides,
  };
}
const deposit = { id: 'deposit-0', kind: 'deposit', inscription_count: 2 } as const;
const listing = { id: 'wl-listing-1', kind: 'listing', inscription_count: 2 } as const;

describe('reviewLaunchPsbt', () => {
  it('passes the deposit into the maker wallet and the listing at the phase price', () => {
    expect(reviewLaunchPsbt(depositPayload(), context(deposit))).toEqual([]);
    expect(reviewLaunchPsbt(listingPayload('wl-listing-1', WL_PRICE), context(listing))).toEqual(
      [],
    );
  });

  it('refuses a deposit into another wallet than the maker wallet', () => {
    const problems = reviewLaunchPsbt(depositPayload(OTHER_WALLET), context(deposit));
    expect(problems).toContain(
      `Input 0: the inscription would go to ${OTHER_WALLET.address}, not your maker wallet.`,
    );
  });

  it('refuses a deposit paying more than the chosen fee rate', () => {
    const problems = reviewLaunchPsbt(depositPayload(), context(deposit, { feeRate: 2 }));
    expect(problems).toEqual([
      expect.stringMatching(/^The network fee rate of .* is above the 2 sat\/vB you chose\.$/),
    ]);
  });

  it('refuses a listing paid to someone else', () => {
    const payload = listingPayload('wl-listing-1', WL_PRICE, { payTo: THIEF_ADDRESS });
    expect(reviewLaunchPsbt(payload, context(listing))).toContain(
      `Input 0: the sale would pay ${THIEF_ADDRESS}, not your wallet.`,
    );
  });

  it('refuses a listing below the phase price', () => {
    const payload = listingPayload('wl-listing-1', WL_PRICE);
    const problems = reviewLaunchPsbt(payload, context(listing, { price: PUBLIC_PRICE }));
    expect(problems).toContain(
      'Input 1: the sale would pay you 0.00029800 BTC, less than the phase price of 0.00030000 BTC after the platform fee.',
    );
  });

  it('refuses a listing whose inputs are to be signed with ALL', () => {
    const payload = listingPayload('wl-listing-1', WL_PRICE, { tamper: 'sighash-all' });
    expect(reviewLaunchPsbt(payload, context(listing))).toEqual([
      'Input 0 is not to be signed SIGHASH_SINGLE|ANYONECANPAY.',
      'Input 1 is not to be signed SIGHASH_SINGLE|ANYONECANPAY.',
    ]);
  });

  it('refuses another batch, another kind, or more inscriptions than the batch holds', () => {
    const payload = listingPayload('other', WL_PRICE);
    expect(
      reviewLaunchPsbt(
        payload,
        context({ id: 'deposit-0', kind: 'deposit', inscription_count: 3 }),
      ),
    ).toEqual(
      expect.arrayContaining([
        'The server sent PSBT other for deposit-0.',
        'The server sent a listing PSBT for a deposit batch.',
      ]),
    );
    expect(
      reviewLaunchPsbt(payload, context({ ...listing, id: 'other', inscription_count: 3 })),
    ).toContain('The listing PSBT has 2 inputs and 2 outputs for 3 inscriptions.');
  });

  it('says when the PSBT cannot be read', () => {
    expect(reviewLaunchPsbt({ ...depositPayload(), psbt: 'AAAA' }, context(deposit))).toEqual([
      'The PSBT cannot be read.',
    ]);
  });
});
