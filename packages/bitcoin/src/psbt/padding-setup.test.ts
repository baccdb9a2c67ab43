import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../bytes.ts';
import { finalizeSignedPsbt, mergeAndFinalizePurchase } from './finalize-purchase.ts';
import { buildChainedPurchase, buildPaddingSetup } from './padding-setup.ts';
import { locateSat } from './sat-flow.ts';
import type { SignedListedItem } from './seller-signature.ts';
import {
  coin,
  NETWORK,
  PLATFORM_ADDRESS,
  prevoutsOf,
  signAsBuyer,
  signedListing,
  testBuyer,
  testWallet,
  verifyFinalTransaction,
} from './test-fixtures.ts';

const buyers = {
  p2wpkh: testWallet('setup buyer p2wpkh', 'p2wpkh'),
  p2tr: testWallet('setup buyer p2tr', 'p2tr'),
  'p2sh-p2wpkh': testWallet('setup buyer p2sh-p2wpkh', 'p2sh-p2wpkh'),
};
const seller = testWallet('setup seller', 'p2tr');

describe('buildPaddingSetup', () => {
  // 10.5 vB + one input + `count` padding outputs and a change output of the buyer's type.
  it.each<[keyof typeof buyers, number, number]>([
    ['p2wpkh', 2, 172],
    ['p2tr', 2, 197],
    ['p2sh-p2wpkh', 3, 230],
  ])('%s buyer, %i paddings: %i vB, and the txid is known before signing', (type, count, vsize) => {
    const wallet = buyers[type];
    const setup = buildPaddingSetup({
      buyer: testBuyer(wallet),
      count,
      feeRate: 2,
      network: NETWORK,
    });
    expect(setup.vsize).toBe(vsize);
    expect(setup.fee).toBe(BigInt(vsize) * 2n);
    expect(setup.paddingUtxos.map((u) => [u.txid, u.vout, u.value])).toEqual(
      Array.from({ length: count }, (_, i) => [setup.txid, i, 600n]),
    );
    expect(setup.changeUtxo).toMatchObject({
      txid: setup.txid,
      vout: count,
      value: 200_000n - 600n * BigInt(count) - setup.fee,
    });
    expect(setup.spent.map((u) => u.value)).toEqual([200_000n]);

    const final = finalizeSignedPsbt(signAsBuyer(setup, wallet), setup);
    expect(final.txid).toBe(setup.txid);
    expect(Transaction.fromRaw(hexToBytes(final.hex)).id).toBe(setup.txid);
    expect(verifyFinalTransaction(final.hex, prevoutsOf(setup.psbt), [])).toEqual([true]);
  });

  it.each<[string, Parameters<typeof buildPaddingSetup>[0], string]>([
    [
      'no coins',
      { buyer: testBuyer(buyers.p2wpkh, { paymentUtxos: [] }), feeRate: 1, network: NETWORK },
      'insufficient-funds',
    ],
    [
      'an inscribed coin',
      {
        buyer: testBuyer(buyers.p2wpkh, {
          paymentUtxos: [coin(buyers.p2wpkh, 1, 5_000n, 0, true)],
        }),
        feeRate: 1,
        network: NETWORK,
      },
      'inscribed-utxo-as-payment',
    ],
    [
      'zero paddings',
      { buyer: testBuyer(buyers.p2wpkh), count: 0, feeRate: 1, network: NETWORK },
      'invalid-amount',
    ],
    [
      'dust paddings',
      { buyer: testBuyer(buyers.p2wpkh), value: 200n, feeRate: 1, network: NETWORK },
      'dust-output',
    ],
    [
      'a fee rate above the cap',
      { buyer: testBuyer(buyers.p2wpkh), feeRate: 1_000, network: NETWORK },
      'fee-rate-too-high',
    ],
  ])('refuses %s', (_, params, code) => {
    expect(() => buildPaddingSetup(params)).toThrow(expect.objectContaining({ code }));
  });
});

describe('buildChainedPurchase: a buyer without padding', () => {
  it.each<[string, SignedListedItem[]]>([
    ['one item', [signedListing(seller, 0x31)]],
    [
      'two items',
      [
        signedListing(seller, 0x32),
        signedListing(seller, 0x33, { value: 20_000n, offset: 1_000n }),
      ],
    ],
  ])('%s: the purchase spends the unbroadcast setup, and both finalize', (_, listings) => {
    const wallet = buyers.p2wpkh;
    const buyer = testBuyer(wallet, { paddingUtxos: [] });
    const { setup, purchase } = buildChainedPurchase({
      listings,
      buyer,
      platformFee: { address: PLATFORM_ADDRESS, value: 1_000n },
      feeRate: 3,
      network: NETWORK,
    });
    expect(setup.paddingUtxos).toHaveLength(listings.length + 1);
    const tx = Transaction.fromPSBT(purchase.psbt);
    const outpoint = (i: number) => {
      const input = tx.getInput(i);
      return [bytesToHex(input.txid!), input.index];
    };
    expect(purchase.layout.paddingIndices.map(outpoint)).toEqual(
      setup.paddingUtxos.map((u) => [setup.txid, u.vout]),
    );
    expect(purchase.layout.paymentIndices.map(outpoint)).toEqual([
      [setup.txid, listings.length + 1],
    ]);

    const setupFinal = finalizeSignedPsbt(signAsBuyer(setup, wallet), setup);
    const purchaseFinal = mergeAndFinalizePurchase(
      signAsBuyer(purchase, wallet),
      purchase,
      listings,
    );
    expect(setupFinal.txid).toBe(setup.txid);
    const prevouts = prevoutsOf(purchase.psbt);
    expect(
      verifyFinalTransaction(purchaseFinal.hex, prevouts, purchase.layout.sellerIndices),
    ).toEqual(prevouts.map(() => true));
    const outputs = Array.from(
      { length: tx.outputsLength },
      (_, i) => tx.getOutput(i).amount ?? 0n,
    );
    listings.forEach((listing, i) => {
      const location = locateSat(
        prevouts.map((p) => p.amount),
        outputs,
        purchase.layout.sellerIndices[i]!,
        listing.sellerInput.inscriptionOffset,
      );
      expect(location).toEqual({ vout: 1 + i, offset: 0n });
    });
  });

  it('leaves the coins the setup does not spend to the purchase', () => {
    const wallet = buyers.p2tr;
    const buyer = testBuyer(wallet, {
      paddingUtxos: [],
      paymentUtxos: [coin(wallet, 0xc1, 3_000n), coin(wallet, 0xc2, 80_000n)],
    });
    const listings = [signedListing(seller, 0x34, { price: 70_000n })];
    const { setup, purchase } = buildChainedPurchase({
      listings,
      buyer,
      feeRate: 1,
      network: NETWORK,
    });
    expect(setup.spent.map((u) => u.value)).toEqual([80_000n]);
    expect(purchase.layout.paymentIndices).toHaveLength(2);
  });
});
