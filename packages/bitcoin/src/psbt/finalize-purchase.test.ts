import { SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, hexToBytes } from '../bytes.ts';
import { isValidMultisigSpend, verifyMultisigSignature } from '../multisig/sign.ts';
import { signPsbtWithKey } from '../sign-psbt.ts';
import { TRADE_TX_OPTIONS } from './codec.ts';
import { mergeAndFinalizePurchase } from './finalize-purchase.ts';
import { buildPurchasePsbt, type BuiltPurchase } from './purchase.ts';
import type { SignedListedItem } from './seller-signature.ts';
import {
  multisigCoin,
  NETWORK,
  PLATFORM_ADDRESS,
  prevoutsOf,
  signAsBuyer,
  signedListing,
  testBuyer,
  testCosigner,
  testMultisig,
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

describe('co-signed purchases (ADR 009)', () => {
  const buyer = buyers.p2wpkh;
  const multisig = testMultisig(buyer);
  const maker = testMultisig(nativeSeller, 'maker');
  const protectedOne = [signedListing(nativeSeller, 0x25, { protected: true })];
  const protectedTwo = [
    signedListing(nativeSeller, 0x26, { protected: true }),
    signedListing(taprootSeller, 0x27),
  ];
  const multisigBuyer = testBuyer(buyer, {
    paddingUtxos: [],
    multisigPadding: {
      wallet: multisig,
      utxos: [0xe1, 0xe2, 0xe3].map((byte) => multisigCoin(multisig, byte, 600n)),
    },
  });
  const build = (listings: SignedListedItem[], withMultisig: boolean) =>
    buildPurchasePsbt({
      listings,
      buyer: withMultisig ? multisigBuyer : testBuyer(buyer),
      platformFee: { address: PLATFORM_ADDRESS, value: 1_000n },
      feeRate: 10,
      network: NETWORK,
    });
  const finalize = (built: BuiltPurchase, listings: SignedListedItem[], signed?: Uint8Array) =>
    mergeAndFinalizePurchase(signed ?? signAsBuyer(built, buyer), built, listings, {
      cosigner: testCosigner,
    });
  const rawTx = (hex: string) =>
    Transaction.fromRaw(hexToBytes(hex), { ...TRADE_TX_OPTIONS, allowUnknownInputs: true });

  it.each<[string, SignedListedItem[], boolean]>([
    ['a protected listing, single-key paddings', protectedOne, false],
    ['an ordinary listing, multisig paddings', oneNative, true],
    ['a protected listing and multisig paddings', protectedOne, true],
    ['a protected and an ordinary listing, multisig paddings', protectedTwo, true],
  ])('%s: every witness verifies in the final transaction', (_, listings, withMultisig) => {
    const built = build(listings, withMultisig);
    const final = finalize(built, listings);
    const prevouts = prevoutsOf(built.psbt);
    const valid = verifyFinalTransaction(final.hex, prevouts, built.layout.sellerIndices);
    expect(valid).toEqual(prevouts.map(() => true));
    expect(final.fee).toBe(built.fee);
    expect(final.vsize).toBeLessThanOrEqual(built.vsize);
    expect(final.vsize).toBeGreaterThanOrEqual(built.vsize - Math.ceil(prevouts.length / 2));

    const tx = rawTx(final.hex);
    expect(final.txid).toBe(tx.id);
    built.layout.inputs.forEach((role, i) => {
      const witness = tx.getInput(i).finalScriptWitness ?? [];
      if (role.witness === 'cosigned-psbt') {
        // [sigP, sigU, witness script], both signatures ALL.
        expect(witness.map((item) => item.at(-1))).toEqual([1, 1, 0x68]);
        expect(witness[2]).toEqual(multisig.witnessScript);
        expect(
          verifyMultisigSignature(tx, i, multisig.platformPublicKey, witness[0]!, {
            witnessScript: multisig.witnessScript,
            amount: prevouts[i]!.amount,
          }),
        ).toBe(true);
      }
      if (role.witness === 'cosigned-listing') {
        // [sigP (ALL), the stored sigU (0x83), the maker wallet's script].
        expect(witness.map((item) => item.at(-1))).toEqual([1, 0x83, 0x68]);
        const listing = listings[built.layout.sellerIndices.indexOf(i)];
        expect(witness[1]).toEqual(listing?.witness[0]);
        expect(witness[2]).toEqual(maker.witnessScript);
      }
    });
  });

  /**
   * A sniper's replacement: the listed input and its payout at the same index (so the seller's
   * SINGLE|ANYONECANPAY signature still holds) but the inscription sent to the sniper.
   */
  function snipe(finalHex: string, sequence?: number): Transaction {
    const original = rawTx(finalHex);
    const thief = testWallet('sniper', 'p2tr');
    const tx = new Transaction({ ...TRADE_TX_OPTIONS, version: 2, lockTime: 0 });
    for (let i = 0; i < original.inputsLength; i++) {
      const { txid, index, sequence: kept } = original.getInput(i);
      tx.addInput({ txid: txid!, index: index!, sequence: i === 2 ? (sequence ?? kept) : kept });
    }
    for (let i = 0; i < original.outputsLength; i++) {
      const output = original.getOutput(i);
      tx.addOutput({ script: i === 1 ? thief.script : output.script!, amount: output.amount! });
    }
    return tx;
  }

  it("a sniper cannot reuse the seller's and the platform's signatures with other outputs", () => {
    const built = build(protectedOne, false);
    const final = finalize(built, protectedOne);
    const [sigP, sigU, witnessScript] = rawTx(final.hex).getInput(2).finalScriptWitness ?? [];
    const prevout = prevoutsOf(built.psbt)[2]!;
    const options = { witnessScript, amount: prevout.amount };

    const sniped = snipe(final.hex);
    // The seller's 0x83 signature commits only to its input and payout: it still verifies...
    expect(verifyMultisigSignature(sniped, 2, maker.userPublicKey, sigU!, options)).toBe(true);
    // ...but the platform's ALL signature committed to the buyer's outputs: it does not.
    expect(verifyMultisigSignature(sniped, 2, maker.platformPublicKey, sigP!, options)).toBe(false);
    const withWitness = (tx: Transaction, witness: Uint8Array[]) => {
      tx.updateInput(2, { finalScriptWitness: witness }, true);
      return tx;
    };
    expect(
      isValidMultisigSpend(withWitness(sniped, [sigP!, sigU!, witnessScript!]), 2, prevout),
    ).toBe(false);
    // Nor does the user-only path take it: the seller signed nSequence 0xffffffff, not 144.
    const empty = new Uint8Array();
    expect(
      isValidMultisigSpend(
        withWitness(snipe(final.hex), [empty, sigU!, witnessScript!]),
        2,
        prevout,
      ),
    ).toBe(false);
    const delayed = snipe(final.hex, 144);
    expect(verifyMultisigSignature(delayed, 2, maker.userPublicKey, sigU!, options)).toBe(false);
    expect(
      isValidMultisigSpend(withWitness(delayed, [empty, sigU!, witnessScript!]), 2, prevout),
    ).toBe(false);
  });

  describe('refuses', () => {
    const built = build(protectedOne, true);
    const signedTx = () => Transaction.fromPSBT(signAsBuyer(built, buyer), TRADE_TX_OPTIONS);
    const listing = protectedOne[0]!;

    it.each<[string, () => Uint8Array, SignedListedItem[], { code: string; index?: number }]>([
      [
        'an unsigned multisig padding',
        () => signPsbtWithKey(built.psbt, buyer.key, { inputs: [1, 3] }),
        protectedOne,
        { code: 'unsigned-buyer-input', index: 0 },
      ],
      [
        'a multisig padding signed ALL|ANYONECANPAY',
        () =>
          signAsBuyer(
            { ...built, psbt: withDeclaredSighash(built.psbt, SigHash.ALL_ANYONECANPAY) },
            buyer,
          ),
        protectedOne,
        { code: 'bad-buyer-sighash', index: 0 },
      ],
      [
        "a multisig signature of another input's digest",
        () => {
          const signed = signPsbtWithKey(built.psbt, buyer.key, { inputs: [1, 3] });
          const tx = Transaction.fromPSBT(signed, TRADE_TX_OPTIONS);
          tx.updateInput(0, { partialSig: tx.getInput(1).partialSig }, true);
          return tx.toPSBT();
        },
        protectedOne,
        { code: 'bad-buyer-signature', index: 0 },
      ],
      [
        'a stored witness that is not a protected one',
        () => signedTx().toPSBT(),
        [{ ...listing, witness: [...listing.witness, listing.witness[0]!] }],
        { code: 'seller-signature-mismatch', index: 2 },
      ],
      [
        'a listing of another witness script',
        () => signedTx().toPSBT(),
        [
          {
            ...listing,
            sellerInput: { ...listing.sellerInput, witnessScript: multisig.witnessScript },
          },
        ],
        { code: 'seller-signature-mismatch', index: 2 },
      ],
      ['no listing', () => signedTx().toPSBT(), [], { code: 'missing-seller-signature', index: 2 }],
    ])('%s', (_, make, listings, error) => {
      expect(() => finalize(built, listings, make())).toThrow(expect.objectContaining(error));
    });

    it('to co-sign without the platform key, or with a key that is not P', () => {
      const signed = signAsBuyer(built, buyer);
      const missing = expect.objectContaining({ code: 'missing-cosigner', index: 0 });
      expect(() => mergeAndFinalizePurchase(signed, built, protectedOne)).toThrow(missing);
      const wrong = { cosigner: () => maker.platformKey };
      expect(() => mergeAndFinalizePurchase(signed, built, protectedOne, wrong)).toThrow(missing);
    });
  });
});
