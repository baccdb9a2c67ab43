import { SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, hexToBytes } from '../bytes.ts';
import { signPsbtWithKey } from '../sign-psbt.ts';
import { mergeAndFinalizePurchase } from './finalize-purchase.ts';
import { buildPurchasePsbt, type BuiltPurchase } from './purchase.ts';
import type { SignedListedItem } from './seller-signature.ts';
import {
  NETWORK,
  PLATFORM_ADDRESS,
  prevoutsOf,
  signAsBuyer,
  signedListing,
  testBuyer,
  testWallet,
  verifyFinalTransaction,
  withDeclaredSighash,
  type TestWallet,
} from './test-fixtures.ts';

const taprootSeller = testWallet('merge seller p2tr', 'p2tr');
const nativeSeller = testWallet('merge seller p2wpkh', 'p2wpkh');
const buyers = {
  p2wpkh: testWallet('merge buyer p2wpkh', 'p2wpkh'),
  p2tr: testWallet('merge buyer p2tr', 'p2tr'),
  'p2sh-p2wpkh': testWallet('merge buyer p2sh-p2wpkh', 'p2sh-p2wpkh'),
};
const oneTaproot = [signedListing(taprootSeller, 0x21)];
const oneNative = [signedListing(nativeSeller, 0x22)];
const twoMixed = [signedListing(taprootSeller, 0x23), signedListing(nativeSeller, 0x24)];

function purchase(listings: SignedListedItem[], buyer: TestWallet): BuiltPurchase {
  return buildPurchasePsbt({
    listings,
    buyer: testBuyer(buyer),
    platformFee: { address: PLATFORM_ADDRESS, value: 1_000n },
    feeRate: 10,
    network: NETWORK,
  });
}

describe('mergeAndFinalizePurchase', () => {
  it.each<[string, SignedListedItem[], keyof typeof buyers]>([
    ['P2TR seller, P2WPKH buyer', oneTaproot, 'p2wpkh'],
    ['P2WPKH seller, P2TR buyer', oneNative, 'p2tr'],
    ['P2TR seller, P2SH-P2WPKH buyer', oneTaproot, 'p2sh-p2wpkh'],
    ['two items, P2WPKH buyer', twoMixed, 'p2wpkh'],
    ['two items, P2TR buyer', twoMixed, 'p2tr'],
    ['two items, P2SH-P2WPKH buyer', twoMixed, 'p2sh-p2wpkh'],
  ])('%s: every signature verifies in the final transaction at its index', (_, listings, type) => {
    const built = purchase(listings, buyers[type]);
    const final = mergeAndFinalizePurchase(signAsBuyer(built, buyers[type]), built, listings);
    const prevouts = prevoutsOf(built.psbt);
    const valid = verifyFinalTransaction(final.hex, prevouts, built.layout.sellerIndices);
    expect(valid).toEqual(prevouts.map(() => true));

    const tx = Transaction.fromRaw(hexToBytes(final.hex));
    expect(final.txid).toBe(tx.id);
    expect(final.fee).toBe(built.fee);
    // The estimate counts 72-byte ECDSA signatures; a low-R one is a byte (0.25 vB) shorter.
    expect(final.vsize).toBe(tx.vsize);
    expect(final.vsize).toBeLessThanOrEqual(built.vsize);
    expect(final.vsize).toBeGreaterThanOrEqual(built.vsize - Math.ceil(prevouts.length / 4));
  });

  it('accepts a buyer wallet that finalized its inputs, and base64', () => {
    const built = purchase(twoMixed, buyers['p2sh-p2wpkh']);
    const signed = signAsBuyer(built, buyers['p2sh-p2wpkh'], { finalize: true });
    const final = mergeAndFinalizePurchase(bytesToBase64(signed), built, twoMixed);
    expect(
      mergeAndFinalizePurchase(signAsBuyer(built, buyers['p2sh-p2wpkh']), built, twoMixed),
    ).toEqual(final);
  });

  it('takes the stored witness, whatever the buyer put at the seller index', () => {
    const built = purchase(oneTaproot, buyers.p2wpkh);
    const tx = Transaction.fromPSBT(signAsBuyer(built, buyers.p2wpkh));
    tx.updateInput(2, { finalScriptWitness: [new Uint8Array(65)] }, true);
    const final = mergeAndFinalizePurchase(tx.toPSBT(), built, oneTaproot);
    const witness = Transaction.fromRaw(hexToBytes(final.hex)).getInput(2).finalScriptWitness;
    expect(witness).toEqual(oneTaproot[0]!.witness);
  });
});

describe('mergeAndFinalizePurchase refuses', () => {
  const buyer = buyers.p2wpkh;
  const built = purchase(oneTaproot, buyer);
  const signed = () => Transaction.fromPSBT(signAsBuyer(built, buyer));
  const copy = (tx: Transaction, opts: { lockTime?: number; skipOutput?: number } = {}) => {
    const out = new Transaction({ version: tx.version, lockTime: opts.lockTime ?? tx.lockTime });
    for (let i = 0; i < tx.outputsLength; i++)
      if (i !== opts.skipOutput) out.addOutput(tx.getOutput(i), true);
    for (let i = 0; i < tx.inputsLength; i++) out.addInput(tx.getInput(i), true);
    return out.toPSBT();
  };
  const relisted = signedListing(taprootSeller, 0x21, { price: 60_000n });

  it.each<
    [string, () => Uint8Array | string, SignedListedItem[], { code: string; index?: number }]
  >([
    [
      'a changed output',
      () => {
        const tx = signed();
        tx.updateOutput(6, { amount: 1n }, true);
        return tx.toPSBT();
      },
      oneTaproot,
      { code: 'outputs-changed', index: 6 },
    ],
    [
      'a redirected inscription',
      () => {
        const tx = signed();
        tx.updateOutput(1, { script: testWallet('thief', 'p2tr').script }, true);
        return tx.toPSBT();
      },
      oneTaproot,
      { code: 'outputs-changed', index: 1 },
    ],
    [
      'a dropped output',
      () => copy(signed(), { skipOutput: 3 }),
      oneTaproot,
      { code: 'outputs-changed' },
    ],
    [
      'a changed sequence',
      () => {
        const tx = signed();
        tx.updateInput(3, { sequence: 1 }, true);
        return tx.toPSBT();
      },
      oneTaproot,
      { code: 'inputs-changed', index: 3 },
    ],
    [
      'a changed locktime',
      () => copy(signed(), { lockTime: 800_000 }),
      oneTaproot,
      { code: 'header-changed' },
    ],
    [
      'an unsigned payment input',
      () => signPsbtWithKey(built.psbt, buyer.key, { inputs: [0, 1] }),
      oneTaproot,
      { code: 'unsigned-buyer-input', index: 3 },
    ],
    [
      'a buyer signing ALL|ANYONECANPAY',
      () =>
        signAsBuyer(
          { ...built, psbt: withDeclaredSighash(built.psbt, SigHash.ALL_ANYONECANPAY) },
          buyer,
        ),
      oneTaproot,
      { code: 'bad-buyer-sighash', index: 0 },
    ],
    [
      'a witness with another key',
      () => {
        const tx = signed();
        const [[, der] = []] = tx.getInput(0).partialSig ?? [];
        tx.updateInput(
          0,
          { finalScriptWitness: [der!, testWallet('other', 'p2wpkh').publicKey] },
          true,
        );
        return tx.toPSBT();
      },
      oneTaproot,
      { code: 'bad-buyer-signature', index: 0 },
    ],
    [
      'a purchase without the listing signature',
      () => signed().toPSBT(),
      [],
      { code: 'missing-seller-signature', index: 2 },
    ],
    [
      'a listing signed for another price',
      () => signed().toPSBT(),
      [relisted],
      { code: 'seller-signature-mismatch', index: 2 },
    ],
    ['garbage', () => 'not base64!', oneTaproot, { code: 'invalid-psbt' }],
  ])('%s', (_, make, listings, error) => {
    expect(() => mergeAndFinalizePurchase(make(), built, listings)).toThrow(
      expect.objectContaining(error),
    );
  });

  it('a fee rate above the cap, measured on the final transaction', () => {
    const psbt = signed().toPSBT();
    expect(() => mergeAndFinalizePurchase(psbt, { ...built, maxFeeRate: 9.9 }, oneTaproot)).toThrow(
      expect.objectContaining({ code: 'fee-too-high' }),
    );
  });
});
