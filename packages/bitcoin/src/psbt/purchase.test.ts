import { OutScript, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../bytes.ts';
import { buildPurchasePsbt, buyerOutputValues, type PurchaseParams } from './purchase.ts';
import type { Buyer } from './buyer.ts';
import { locateSat } from './sat-flow.ts';
import type { SignedListedItem } from './seller-signature.ts';
import {
  coin,
  multisigCoin,
  NETWORK,
  PLATFORM_ADDRESS,
  scriptOf,
  signedListing,
  testBuyer,
  testMultisig,
  testWallet,
  type TestWallet,
} from './test-fixtures.ts';

const taprootSeller = testWallet('purchase seller p2tr', 'p2tr');
const nativeSeller = testWallet('purchase seller p2wpkh', 'p2wpkh');
const buyers = {
  p2wpkh: testWallet('purchase buyer p2wpkh', 'p2wpkh'),
  p2tr: testWallet('purchase buyer p2tr', 'p2tr'),
  'p2sh-p2wpkh': testWallet('purchase buyer p2sh-p2wpkh', 'p2sh-p2wpkh'),
};

const oneTaproot = [signedListing(taprootSeller, 0x11)];
const oneNative = [signedListing(nativeSeller, 0x12)];
const twoMixed = [signedListing(taprootSeller, 0x13), signedListing(nativeSeller, 0x14)];

function purchase(
  listings: SignedListedItem[],
  payment: TestWallet,
  overrides: Partial<PurchaseParams> = {},
) {
  return buildPurchasePsbt({
    listings,
    buyer: testBuyer(payment),
    platformFee: { address: PLATFORM_ADDRESS, value: 1_000n },
    feeRate: 10,
    network: NETWORK,
    ...overrides,
  });
}

function valuesOf(psbt: Uint8Array) {
  const tx = Transaction.fromPSBT(psbt);
  const inputs = Array.from(
    { length: tx.inputsLength },
    (_, i) => tx.getInput(i).witnessUtxo?.amount ?? 0n,
  );
  const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i).amount ?? 0n);
  return { tx, inputs, outputs };
}

describe('buildPurchasePsbt layout', () => {
  it('one item: paddings 0–1, seller and payout at 2, ordinals at 1, fee, two new paddings, change', () => {
    const built = purchase(oneTaproot, buyers.p2wpkh);
    expect(built.layout).toMatchObject({
      paddingIndices: [0, 1],
      sellerIndices: [2],
      paymentIndices: [3],
      paddingReturnIndex: 0,
      buyerOutputIndices: [1],
      platformFeeIndex: 3,
      newPaddingIndices: [4, 5],
      changeIndex: 6,
    });
    expect(built.layout.inputs.map((role) => [role.kind, role.signer, role.sighash])).toEqual([
      ['padding', 'buyer', 1],
      ['padding', 'buyer', 1],
      ['seller', 'seller', 0x83],
      ['payment', 'buyer', 1],
    ]);
    const { tx, outputs } = valuesOf(built.psbt);
    const payout = oneTaproot[0]!.payout;
    expect(outputs).toEqual([1_200n, 10_000n, payout.value, 1_000n, 600n, 600n, 133_040n]);
    expect(tx.getOutput(2).script).toEqual(payout.script);
    expect(tx.getOutput(3).script).toEqual(scriptOf(PLATFORM_ADDRESS));
    expect(bytesToHex(tx.getInput(2).txid!)).toBe(oneTaproot[0]!.sellerInput.txid);
  });

  it('two items: N+1 = 3 paddings, seller i and its payout at N+1+i, inscription i at output 1+i', () => {
    const built = purchase(twoMixed, buyers.p2wpkh);
    expect(built.layout).toMatchObject({
      paddingIndices: [0, 1, 2],
      sellerIndices: [3, 4],
      paymentIndices: [5],
      buyerOutputIndices: [1, 2],
      platformFeeIndex: 5,
      newPaddingIndices: [6, 7, 8],
      changeIndex: 9,
    });
    const { tx } = valuesOf(built.psbt);
    twoMixed.forEach((listing, i) => {
      expect(tx.getOutput(3 + i)).toMatchObject({
        script: listing.payout.script,
        amount: listing.payout.value,
      });
    });
  });

  it('omits the fee output for zero-fee collections and change when it would be dust', () => {
    const built = purchase(oneTaproot, buyers.p2wpkh, {
      platformFee: undefined,
      buyer: testBuyer(buyers.p2wpkh, { paymentUtxos: [coin(buyers.p2wpkh, 0xb3, 65_700n)] }),
    });
    expect(built.layout).toMatchObject({
      platformFeeIndex: undefined,
      newPaddingIndices: [3, 4],
      changeIndex: undefined,
    });
    // Outputs need 1,200 + 10,000 + 59,500 + 1,200 − 11,200 = 60,700 from the coin; the 5,000
    // left pay the 452 vB (4,520) and the 480 too few for change (which would cost 310 more).
    expect({ fee: built.fee, vsize: built.vsize }).toEqual({ fee: 5_000n, vsize: 452 });
  });

  it('hands the buyer no seller signature, only what its wallet needs to sign around it', () => {
    const built = purchase(oneTaproot, buyers.p2tr);
    const seller = Transaction.fromPSBT(built.psbt).getInput(2);
    expect(seller.witnessUtxo).toEqual({ script: taprootSeller.script, amount: 10_000n });
    expect(seller).not.toHaveProperty('tapKeySig');
    expect(seller).not.toHaveProperty('partialSig');
    expect(seller).not.toHaveProperty('finalScriptWitness');
    expect(seller).not.toHaveProperty('sighashType');
  });
});

describe('buildPurchasePsbt fees (exact vsize by input type)', () => {
  // Worked by hand from fees.ts, in WU: header 42; inputs P2WPKH 272, P2TR 230, P2SH-P2WPKH
  // 364, seller P2TR 0x83 231; outputs P2TR 172, P2WPKH 124, P2SH 128.
  it.each<[string, number, SignedListedItem[], keyof typeof buyers]>([
    ['P2TR seller, P2WPKH buyer (research §7.1: 526)', 526, oneTaproot, 'p2wpkh'],
    ['P2WPKH seller, P2TR buyer', 540, oneNative, 'p2tr'],
    ['P2TR seller, P2SH-P2WPKH buyer', 599, oneTaproot, 'p2sh-p2wpkh'],
    ['two items, P2WPKH buyer', 767, twoMixed, 'p2wpkh'],
    ['two items, P2TR buyer', 785, twoMixed, 'p2tr'],
  ])('%s: %i vB, at 10 sat/vB', (_, vsize, listings, buyer) => {
    const built = purchase(listings, buyers[buyer]);
    expect(built.vsize).toBe(vsize);
    expect(built.fee).toBe(BigInt(vsize) * 10n);
    const { inputs, outputs } = valuesOf(built.psbt);
    const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
    expect(sum(inputs) - sum(outputs)).toBe(built.fee);
  });

  it('rounds a fractional fee rate up', () => {
    expect(purchase(oneTaproot, buyers.p2wpkh, { feeRate: 1.5 }).fee).toBe(789n);
  });
});

describe('the inscription lands at offset 0 of its buyer output (FIFO)', () => {
  it.each<[string, SignedListedItem[]]>([
    ['one item', oneTaproot],
    ['two items', twoMixed],
    [
      'an inscription at offset 5,000 of a 20,000-sat UTXO',
      [signedListing(taprootSeller, 0x15, { value: 20_000n, offset: 5_000n })],
    ],
    [
      'two items at offsets 5,000 and 3,000',
      [
        signedListing(taprootSeller, 0x16, { value: 20_000n, offset: 5_000n }),
        signedListing(nativeSeller, 0x17, { value: 10_000n, offset: 3_000n }),
      ],
    ],
    [
      'three items',
      [
        signedListing(taprootSeller, 0x18),
        signedListing(nativeSeller, 0x19, { value: 546n }),
        signedListing(taprootSeller, 0x1a, { value: 330n }),
      ],
    ],
  ])('%s', (_, listings) => {
    const buyer = testBuyer(buyers.p2wpkh, {
      paddingUtxos: Array.from({ length: 4 }, (_, i) =>
        coin(buyers.p2wpkh, 0xa1 + i, 600n + BigInt(i)),
      ),
    });
    const built = purchase(listings, buyers.p2wpkh, { buyer });
    const { tx, inputs, outputs } = valuesOf(built.psbt);
    const ordinalScript = scriptOf(buyer.ordinalAddress);
    listings.forEach((listing, i) => {
      const input = built.layout.sellerIndices[i]!;
      expect(locateSat(inputs, outputs, input, listing.sellerInput.inscriptionOffset)).toEqual({
        vout: 1 + i,
        offset: 0n,
      });
      expect(tx.getOutput(1 + i).script).toEqual(ordinalScript);
      expect(tx.getOutput(input)).toMatchObject({ amount: listing.payout.value });
    });
  });

  it('buyer outputs hold the sats between inscriptions, the last one the postage', () => {
    const listings = [
      signedListing(taprootSeller, 0x1b, { value: 20_000n, offset: 5_000n }),
      signedListing(nativeSeller, 0x1c, { value: 10_000n, offset: 3_000n }),
    ];
    expect(buyerOutputValues(listings, 10_000n)).toEqual([18_000n, 10_000n]);
  });
});

describe('buildPurchasePsbt refuses', () => {
  const buyer = buyers.p2wpkh;
  const other = testWallet('purchase other', 'p2wpkh');
  const p2sh = OutScript.encode({ type: 'sh', hash: new Uint8Array(20) });
  const withBuyer = (overrides: Partial<Buyer>) => ({ buyer: testBuyer(buyer, overrides) });
  it.each<[string, SignedListedItem[], Partial<PurchaseParams>, string]>([
    [
      'a buyer who cannot pay',
      oneTaproot,
      withBuyer({ paymentUtxos: [coin(buyer, 0xb1, 60_000n)] }),
      'insufficient-funds',
    ],
    [
      'one padding',
      oneTaproot,
      withBuyer({ paddingUtxos: [coin(buyer, 0xa1, 600n)] }),
      'not-enough-padding',
    ],
    [
      'two paddings for two items',
      twoMixed,
      withBuyer({ paddingUtxos: [coin(buyer, 0xa1, 600n), coin(buyer, 0xa2, 600n)] }),
      'not-enough-padding',
    ],
    [
      'paddings below 546 sats',
      oneTaproot,
      withBuyer({ paddingUtxos: [coin(buyer, 0xa1, 545n), coin(buyer, 0xa2, 600n)] }),
      'not-enough-padding',
    ],
    [
      'an inscribed padding, even unneeded',
      oneTaproot,
      withBuyer({
        paddingUtxos: [
          coin(buyer, 0xa1, 600n),
          coin(buyer, 0xa2, 600n),
          coin(buyer, 0xa3, 600n, 0, true),
        ],
      }),
      'inscribed-utxo-as-padding',
    ],
    [
      'an inscribed payment coin',
      oneTaproot,
      withBuyer({
        paymentUtxos: [coin(buyer, 0xb1, 200_000n), coin(buyer, 0xb2, 10_000n, 0, true)],
      }),
      'inscribed-utxo-as-payment',
    ],
    [
      'a coin of another address',
      oneTaproot,
      withBuyer({ paymentUtxos: [coin(other, 0xb1, 200_000n)] }),
      'utxo-not-at-payment-address',
    ],
    [
      'a payment key of another address',
      oneTaproot,
      withBuyer({ paymentPublicKey: other.publicKey }),
      'key-mismatch',
    ],
    [
      'a P2PKH payment address',
      oneTaproot,
      withBuyer({ paymentAddress: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn' }),
      'unsupported-payment-script',
    ],
    [
      'a bad ordinals address',
      oneTaproot,
      withBuyer({ ordinalAddress: 'tb1pnope' }),
      'invalid-address',
    ],
    [
      'a coin spent twice',
      oneTaproot,
      withBuyer({ paymentUtxos: [coin(buyer, 0xa1, 200_000n)] }),
      'duplicate-input',
    ],
    ['a fee rate above the cap', oneTaproot, { feeRate: 501 }, 'fee-rate-too-high'],
    [
      'a fee rate above its own cap',
      oneTaproot,
      { feeRate: 30, maxFeeRate: 20 },
      'fee-rate-too-high',
    ],
    ['no fee rate', oneTaproot, { feeRate: 0 }, 'invalid-fee-rate'],
    ['nothing to buy', [], {}, 'no-listings'],
    [
      'a P2SH seller',
      [{ ...oneNative[0]!, sellerInput: { ...oneNative[0]!.sellerInput, script: p2sh } }],
      {},
      'unsupported-seller-script',
    ],
    [
      'an offset outside the seller UTXO',
      [
        {
          ...oneNative[0]!,
          sellerInput: { ...oneNative[0]!.sellerInput, inscriptionOffset: 10_000n },
        },
      ],
      {},
      'inscription-offset-out-of-range',
    ],
    [
      'a dust platform fee',
      oneTaproot,
      { platformFee: { address: PLATFORM_ADDRESS, value: 329n } },
      'dust-output',
    ],
    [
      'a negative platform fee',
      oneTaproot,
      { platformFee: { address: PLATFORM_ADDRESS, value: -1n } },
      'invalid-amount',
    ],
    ['dust padding outputs', oneTaproot, { paddingValue: 200n }, 'dust-output'],
    ['a negative count of new paddings', oneTaproot, { newPaddingCount: -1 }, 'invalid-amount'],
  ])('%s', (_, listings, overrides, code) => {
    expect(() => purchase(listings, buyer, overrides)).toThrow(expect.objectContaining({ code }));
  });
});

describe('protected listings and multisig paddings (ADR 009)', () => {
  const buyer = buyers.p2wpkh;
  const multisig = testMultisig(buyer);
  const paddings = [0xe1, 0xe2, 0xe3].map((byte) => multisigCoin(multisig, byte, 600n));
  const multisigBuyer = (utxos = paddings) =>
    testBuyer(buyer, { paddingUtxos: [], multisigPadding: { wallet: multisig, utxos } });
  const protectedOne = [signedListing(nativeSeller, 0x1d, { protected: true })];

  it('a protected seller input carries its witness script and is co-signed at finalize', () => {
    const built = purchase(protectedOne, buyer);
    const tx = Transaction.fromPSBT(built.psbt);
    const seller = tx.getInput(2);
    expect(seller.witnessScript).toEqual(protectedOne[0]!.sellerInput.witnessScript);
    expect(seller).not.toHaveProperty('partialSig');
    expect(built.layout.inputs[2]).toEqual({
      kind: 'seller',
      signer: 'seller',
      sighash: 0x83,
      witness: 'cosigned-listing',
    });
    // 10.5 + P2WPKH paddings 2 × 68 + P2WSH seller 97.25 + payment 68 + outputs P2WPKH 31,
    // P2TR 43, P2WPKH payout 31, P2TR fee 43, 2 × P2WPKH 31, change 31 = 552.75 → 553 vB.
    expect(built.vsize).toBe(553);
  });

  it('takes the paddings from the multisig wallet and returns them there', () => {
    const built = purchase(protectedOne, buyer, { buyer: multisigBuyer() });
    const tx = Transaction.fromPSBT(built.psbt);
    for (const i of [0, 1]) {
      expect(tx.getInput(i).witnessScript).toEqual(multisig.witnessScript);
      expect(tx.getInput(i).witnessUtxo?.script).toEqual(multisig.script);
    }
    expect(tx.getInput(3).witnessUtxo?.script).toEqual(buyer.script);
    expect(built.layout.inputs.map((r) => r.witness)).toEqual([
      'cosigned-psbt',
      'cosigned-psbt',
      'cosigned-listing',
      'signed-psbt',
    ]);
    expect(built.layout.inputs[0]).toMatchObject({ kind: 'padding', signer: 'buyer', sighash: 1 });
    const { newPaddingIndices, changeIndex } = built.layout;
    for (const i of [0, ...newPaddingIndices]) {
      expect(tx.getOutput(i).script).toEqual(multisig.script);
    }
    expect(tx.getOutput(changeIndex!).script).toEqual(buyer.script);
    expect(tx.getOutput(0).amount).toBe(1_200n);
    // 10.5 + 3 × 97.25 (two paddings and the seller) + 68 + outputs P2WSH 43, P2TR 43, P2WPKH 31,
    // P2TR 43, 2 × P2WSH 43, P2WPKH change 31 = 647.25 → 648 vB.
    expect(built.vsize).toBe(648);
  });

  it.each<[string, () => Partial<PurchaseParams>, string]>([
    [
      'a multisig wallet of another key',
      () => ({
        buyer: testBuyer(buyer, {
          multisigPadding: { wallet: testMultisig(nativeSeller), utxos: [] },
        }),
      }),
      'key-mismatch',
    ],
    [
      'a tampered multisig wallet',
      () => ({
        buyer: testBuyer(buyer, {
          multisigPadding: {
            wallet: { ...multisig, witnessScript: testMultisig(nativeSeller).witnessScript },
            utxos: paddings,
          },
        }),
      }),
      'unknown-witness-script',
    ],
    [
      'one multisig padding',
      () => ({ buyer: multisigBuyer(paddings.slice(0, 1)) }),
      'not-enough-padding',
    ],
    [
      'an inscribed multisig padding',
      () => ({ buyer: multisigBuyer([...paddings, multisigCoin(multisig, 0xe4, 600n, 0, true)]) }),
      'inscribed-utxo-as-padding',
    ],
    [
      'a padding of the payment address among multisig ones',
      () => ({ buyer: multisigBuyer([...paddings, coin(buyer, 0xe5, 600n)]) }),
      'utxo-not-at-payment-address',
    ],
  ])('refuses %s', (_, overrides, code) => {
    expect(() => purchase(oneTaproot, buyer, overrides())).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it('refuses a protected listing whose witness script is not its P2WSH', () => {
    const listing = protectedOne[0]!;
    const tampered = {
      ...listing,
      sellerInput: { ...listing.sellerInput, witnessScript: testMultisig(buyer).witnessScript },
    };
    expect(() => purchase([tampered], buyer)).toThrow(
      expect.objectContaining({ code: 'unknown-witness-script', index: 0 }),
    );
  });
});
