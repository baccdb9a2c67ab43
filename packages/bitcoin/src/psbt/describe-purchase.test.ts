import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { TRADE_TX_OPTIONS } from './codec.ts';
import { describePurchase, type PurchaseContext } from './describe-purchase.ts';
import { buildPurchasePsbt } from './purchase.ts';
import type { SignedListedItem } from './seller-signature.ts';
import {
  multisigCoin,
  NETWORK,
  PLATFORM_ADDRESS,
  signedListing,
  testBuyer,
  testMultisig,
  testWallet,
} from './test-fixtures.ts';

const seller = testWallet('describe seller', 'p2tr');
const payment = testWallet('describe buyer', 'p2wpkh');
const buyer = testBuyer(payment);
const listings = [
  signedListing(seller, 0x41, { price: 50_000n }),
  signedListing(seller, 0x42, { price: 80_000n, value: 20_000n, offset: 4_000n }),
];
const built = buildPurchasePsbt({
  listings,
  buyer,
  platformFee: { address: PLATFORM_ADDRESS, value: 2_600n },
  feeRate: 5,
  network: NETWORK,
});

function contextFor(
  items: SignedListedItem[],
  overrides: Partial<PurchaseContext> = {},
): PurchaseContext {
  return {
    network: NETWORK,
    buyer: { paymentAddress: buyer.paymentAddress, ordinalAddress: buyer.ordinalAddress },
    platformFeeAddress: PLATFORM_ADDRESS,
    items: items.map((item, i) => ({
      inscriptionId: `${'ab'.repeat(32)}i${i}`,
      txid: item.sellerInput.txid,
      vout: item.sellerInput.vout,
      inscriptionOffset: item.sellerInput.inscriptionOffset,
      price: [50_000n, 80_000n][i] ?? 0n,
    })),
    ...overrides,
  };
}

describe('describePurchase', () => {
  it('says what the purchase pays, where each inscription goes, and finds nothing wrong', () => {
    const summary = describePurchase(built.psbt, contextFor(listings));
    expect(summary.problems).toEqual([]);
    expect(
      summary.items.map((item) => [item.inputIndex, item.destination, item.sellerReceives?.value]),
    ).toEqual([
      [3, { address: buyer.ordinalAddress, vout: 1, offset: 0n }, 59_500n],
      [4, { address: buyer.ordinalAddress, vout: 2, offset: 0n }, 99_200n],
    ]);
    expect(summary.items[0]?.sellerReceives?.address).toBe(seller.address);
    expect(summary).toMatchObject({
      totalPrice: 130_000n,
      platformFee: 2_600n,
      networkFee: built.fee,
      vsize: built.vsize,
      feeRate: 5,
      paddingReturned: 1_800n,
      paddingCreated: [600n, 600n, 600n],
    });
    // The buyer parts with the payouts less the sellers' UTXOs, the platform fee and the network fee.
    const sellers = 59_500n - 10_000n + (99_200n - 20_000n);
    expect(summary.buyerSpends).toBe(sellers + 2_600n + built.fee);
  });

  const tampered = (vout: number, change: { script?: Uint8Array; amount?: bigint }) => {
    const tx = Transaction.fromPSBT(built.psbt);
    tx.updateOutput(vout, change);
    return tx.toPSBT();
  };
  const thief = testWallet('describe thief', 'p2tr');
  it.each<[string, Uint8Array, PurchaseContext, { code: string; index?: number }[]]>([
    [
      'an inscription sent elsewhere',
      tampered(1, { script: thief.script }),
      contextFor(listings),
      [
        { code: 'inscription-not-to-buyer', index: 3 },
        { code: 'unknown-output', index: 1 },
      ],
    ],
    [
      'change sent elsewhere',
      tampered(9, { script: thief.script }),
      contextFor(listings),
      [{ code: 'unknown-output', index: 9 }],
    ],
    [
      'an inscription off offset 0',
      tampered(0, { amount: 1_801n }),
      contextFor(listings),
      [
        { code: 'inscription-not-to-buyer', index: 3 },
        { code: 'inscription-not-to-buyer', index: 4 },
      ],
    ],
    [
      'an item that is not bought',
      built.psbt,
      contextFor([...listings, signedListing(seller, 0x43)]),
      [{ code: 'item-not-in-psbt' }],
    ],
    [
      'another buyer',
      built.psbt,
      contextFor(listings, {
        buyer: { paymentAddress: thief.address, ordinalAddress: buyer.ordinalAddress },
      }),
      [0, 1, 2, 5]
        .map((index) => ({ code: 'unknown-input', index }))
        .concat([0, 6, 7, 8, 9].map((index) => ({ code: 'unknown-output', index }))),
    ],
    [
      'a fee rate above what the buyer accepts',
      built.psbt,
      contextFor(listings, { maxFeeRate: 4 }),
      [{ code: 'fee-rate-too-high' }],
    ],
  ])('flags %s', (_, psbt, context, problems) => {
    expect(describePurchase(psbt, context).problems).toEqual(problems);
  });
});

describe('describePurchase with multisig paddings and a protected listing (ADR 009)', () => {
  const multisig = testMultisig(payment);
  const protectedListings = [
    signedListing(seller, 0x44, { price: 50_000n, protected: true }),
    signedListing(seller, 0x45, { price: 80_000n }),
  ];
  const multisigBuilt = buildPurchasePsbt({
    listings: protectedListings,
    buyer: testBuyer(payment, {
      paddingUtxos: [],
      multisigPadding: {
        wallet: multisig,
        utxos: [0xe1, 0xe2, 0xe3].map((byte) => multisigCoin(multisig, byte, 600n)),
      },
    }),
    platformFee: { address: PLATFORM_ADDRESS, value: 2_600n },
    feeRate: 5,
    network: NETWORK,
  });
  const withMultisig = (items: SignedListedItem[]) =>
    contextFor(items, {
      buyer: {
        paymentAddress: buyer.paymentAddress,
        ordinalAddress: buyer.ordinalAddress,
        multisigAddress: multisig.address,
      },
    });

  it("counts the paddings returning to the buyer's multisig address as the buyer's", () => {
    const summary = describePurchase(multisigBuilt.psbt, withMultisig(protectedListings));
    expect(summary.problems).toEqual([]);
    expect(summary).toMatchObject({
      networkFee: multisigBuilt.fee,
      vsize: multisigBuilt.vsize,
      feeRate: 5,
      paddingReturned: 1_800n,
      paddingCreated: [600n, 600n, 600n],
    });
    expect(summary.items.map((item) => item.destination)).toEqual([
      { address: buyer.ordinalAddress, vout: 1, offset: 0n },
      { address: buyer.ordinalAddress, vout: 2, offset: 0n },
    ]);
    const sellers = 59_500n - 10_000n + (89_200n - 10_000n);
    expect(summary.buyerSpends).toBe(sellers + 2_600n + multisigBuilt.fee);
  });

  it('flags multisig coins when the buyer has no such wallet, or one of another script', () => {
    const problems = describePurchase(multisigBuilt.psbt, contextFor(protectedListings)).problems;
    expect(problems).toEqual([
      { code: 'unknown-input', index: 0 },
      { code: 'unknown-input', index: 1 },
      { code: 'unknown-input', index: 2 },
      { code: 'unknown-output', index: 0 },
      { code: 'unknown-output', index: 6 },
      { code: 'unknown-output', index: 7 },
      { code: 'unknown-output', index: 8 },
    ]);
    const tx = Transaction.fromPSBT(multisigBuilt.psbt, TRADE_TX_OPTIONS);
    tx.updateInput(0, { witnessScript: testMultisig(payment, 'maker').witnessScript }, true);
    const swapped = describePurchase(tx.toPSBT(), withMultisig(protectedListings));
    expect(swapped.problems).toEqual([{ code: 'unknown-input', index: 0 }]);
  });
});
