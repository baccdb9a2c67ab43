import { p2pkh, SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, bytesToHex } from '../bytes.ts';
import { toXOnly } from '../keys.ts';
import { signPsbtWithKey } from '../sign-psbt.ts';
import {
  buildListingPsbt,
  listingItems,
  makerFee,
  verifySignedListing,
  type ListingItemParams,
} from './listing.ts';
import { SELLER_SIGHASH } from './seller-signature.ts';
import {
  inscriptionUtxo,
  NETWORK,
  scriptOf,
  testMultisig,
  testWallet,
  withDeclaredSighash,
  type TestWallet,
} from './test-fixtures.ts';

const taprootSeller = testWallet('listing p2tr', 'p2tr');
const nativeSeller = testWallet('listing p2wpkh', 'p2wpkh');
const nestedSeller = testWallet('listing p2sh', 'p2sh-p2wpkh');

const item = (seller: TestWallet, byte: number, price = 50_000n): ListingItemParams => ({
  inscriptionUtxo: inscriptionUtxo(seller, byte),
  price,
  payoutAddress: seller.address,
});

function list(items: ListingItemParams[], makerFeeBps = 100) {
  return buildListingPsbt({ items, makerFeeBps, network: NETWORK });
}

describe('makerFee', () => {
  it.each<[bigint, number, bigint]>([
    [50_000n, 100, 500n],
    [123_457n, 250, 3_086n],
    [99n, 100, 0n],
    [1_000_000n, 0, 0n],
    [1_000_000n, 10_000, 1_000_000n],
  ])('%i sats at %i bps → %i (rounded down)', (price, bps, fee) => {
    expect(makerFee(price, bps)).toBe(fee);
  });
});

describe('buildListingPsbt', () => {
  it('pairs input i with output i, every input 0x83, v2, locktime 0, final sequence', () => {
    const built = list([item(taprootSeller, 0x61), item(nativeSeller, 0x62, 123_457n)], 250);
    const tx = Transaction.fromPSBT(built.psbt);
    expect({ version: tx.version, lockTime: tx.lockTime }).toEqual({ version: 2, lockTime: 0 });
    expect(tx.inputsLength).toBe(2);
    expect(tx.outputsLength).toBe(2);
    // Payout = price − maker fee + the inscription UTXO's 10,000 sats of postage.
    const payouts = [50_000n - 1_250n + 10_000n, 123_457n - 3_086n + 10_000n];
    const sellers = [taprootSeller, nativeSeller];
    for (const index of [0, 1]) {
      const input = tx.getInput(index);
      const seller = sellers[index]!;
      expect(input.sighashType).toBe(SELLER_SIGHASH);
      expect(input.sequence).toBe(0xffffffff);
      expect(input.witnessUtxo).toEqual({ script: seller.script, amount: 10_000n });
      expect(tx.getOutput(index)).toMatchObject({ script: seller.script, amount: payouts[index] });
      expect(built.items[index]?.payout).toEqual({ script: seller.script, value: payouts[index] });
      expect(bytesToHex(input.txid!)).toBe(built.items[index]?.sellerInput.txid);
    }
    expect(tx.getInput(0).tapInternalKey).toEqual(toXOnly(taprootSeller.publicKey));
    expect(tx.getInput(1).tapInternalKey).toBeUndefined();
  });

  it('takes a maker fee per item when given, the bps for the others', () => {
    const built = buildListingPsbt({
      items: [
        { ...item(taprootSeller, 0x65), makerFee: 0n },
        { ...item(nativeSeller, 0x66), makerFee: 321n },
        item(taprootSeller, 0x67),
      ],
      makerFeeBps: 200,
      network: NETWORK,
    });
    expect(built.items.map((i) => i.payout.value)).toEqual([
      50_000n + 10_000n,
      50_000n - 321n + 10_000n,
      50_000n - 1_000n + 10_000n,
    ]);
  });

  it('lists the same items as listingItems, which builds no PSBT', () => {
    const items = [item(taprootSeller, 0x6a), item(nativeSeller, 0x6b, 123_457n)];
    expect(listingItems({ items, makerFeeBps: 250, network: NETWORK })).toEqual(
      list(items, 250).items,
    );
    const twice = [item(taprootSeller, 0x6c), item(taprootSeller, 0x6c)];
    expect(() => listingItems({ items: twice, network: NETWORK })).toThrow(
      expect.objectContaining({ code: 'duplicate-input', index: 1 }),
    );
  });

  it('charges no fee without makerFeeBps', () => {
    const built = buildListingPsbt({ items: [item(taprootSeller, 0x68)], network: NETWORK });
    expect(built.items[0]?.payout.value).toBe(60_000n);
  });

  it.each([-1n, 50_001n])('refuses a maker fee of %i sats', (fee) => {
    const items = [{ ...item(taprootSeller, 0x69), makerFee: fee }];
    expect(() => buildListingPsbt({ items, network: NETWORK })).toThrow(
      expect.objectContaining({ code: 'invalid-amount', index: 0 }),
    );
  });

  it('keeps the inscription offset for the purchase', () => {
    const built = list([
      {
        ...item(taprootSeller, 0x63),
        inscriptionUtxo: inscriptionUtxo(taprootSeller, 0x63, 20_000n, 5_000n),
      },
    ]);
    expect(built.items[0]?.sellerInput).toMatchObject({
      value: 20_000n,
      inscriptionOffset: 5_000n,
    });
  });

  const p2pkhSeller = { ...nativeSeller, script: p2pkh(nativeSeller.publicKey).script };
  it.each<[string, ListingItemParams[], number, string]>([
    ['nothing', [], 100, 'no-listings'],
    ['a P2PKH inscription', [item(p2pkhSeller, 0x64)], 100, 'unsupported-seller-script'],
    ['a P2SH inscription', [item(nestedSeller, 0x64)], 100, 'unsupported-seller-script'],
    [
      'another key',
      [
        {
          ...item(taprootSeller, 0x64),
          inscriptionUtxo: {
            ...inscriptionUtxo(taprootSeller, 0x64),
            publicKey: nativeSeller.publicKey,
          },
        },
      ],
      100,
      'key-mismatch',
    ],
    [
      'an offset outside the UTXO',
      [
        {
          ...item(taprootSeller, 0x64),
          inscriptionUtxo: inscriptionUtxo(taprootSeller, 0x64, 10_000n, 10_000n),
        },
      ],
      100,
      'inscription-offset-out-of-range',
    ],
    ['no price', [item(taprootSeller, 0x64, 0n)], 100, 'invalid-amount'],
    ['a fee above 100%', [item(taprootSeller, 0x64)], 10_001, 'invalid-amount'],
    ['a fractional fee', [item(taprootSeller, 0x64)], 1.5, 'invalid-amount'],
    [
      'a bad payout address',
      [{ ...item(taprootSeller, 0x64), payoutAddress: 'bc1qnotanaddress' }],
      100,
      'invalid-address',
    ],
    [
      'a dust payout',
      [
        {
          ...item(taprootSeller, 0x64, 1n),
          inscriptionUtxo: inscriptionUtxo(taprootSeller, 0x64, 330n),
          payoutAddress: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
        },
      ],
      100,
      'dust-output',
    ],
    [
      'the same UTXO twice',
      [item(taprootSeller, 0x64), item(taprootSeller, 0x64)],
      100,
      'duplicate-input',
    ],
  ])('refuses %s', (_, items, bps, code) => {
    expect(() => list(items, bps)).toThrow(expect.objectContaining({ code }));
  });
});

describe('verifySignedListing', () => {
  it('accepts two inscriptions listed in one signature session, and answers their witnesses', () => {
    const built = list([item(taprootSeller, 0x71), item(taprootSeller, 0x72, 70_000n)]);
    const signed = signPsbtWithKey(built.psbt, taprootSeller.key);
    const result = verifySignedListing(bytesToBase64(signed), built.items);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.signatures.map((s) => s.witness.map((w) => w.length))).toEqual([[65], [65]]);
    expect(result.signatures.map((s) => s.payout)).toEqual(built.items.map((i) => i.payout));
  });

  it.each([
    ['P2TR', taprootSeller, 1],
    ['P2WPKH', nativeSeller, 2],
  ])('accepts a %s seller whose wallet finalized the input', (_, seller, items) => {
    const built = list([item(seller, 0x73)]);
    // scure will not finalize a lone listing (its output exceeds its input); wallets do.
    const tx = Transaction.fromPSBT(signPsbtWithKey(built.psbt, seller.key));
    const input = tx.getInput(0);
    const [[publicKey, der] = []] = input.partialSig ?? [];
    const finalScriptWitness = input.tapKeySig ? [input.tapKeySig] : [der!, publicKey!];
    tx.updateInput(0, { finalScriptWitness }, true);
    const result = verifySignedListing(tx.toPSBT(), built.items);
    expect(result.ok && result.signatures[0]?.witness.length).toBe(items);
  });

  const signed = (seller: TestWallet, byte: number, sighash = SELLER_SIGHASH) => {
    const built = list([item(seller, byte)]);
    const psbt = signPsbtWithKey(withDeclaredSighash(built.psbt, sighash), seller.key);
    return { built, tx: Transaction.fromPSBT(psbt) };
  };

  it.each<
    [
      string,
      TestWallet,
      () => { psbt: Uint8Array | string; expected: ReturnType<typeof list>['items'] },
      object[],
    ]
  >([
    [
      'nothing signed',
      taprootSeller,
      () => {
        const b = list([item(taprootSeller, 0x74)]);
        return { psbt: b.psbt, expected: b.items };
      },
      [{ code: 'not-signed', index: 0 }],
    ],
    [
      'a payout raised after signing',
      nativeSeller,
      () => {
        const { built, tx } = signed(nativeSeller, 0x75);
        tx.updateOutput(0, { amount: built.items[0]!.payout.value + 1_000n }, true);
        return { psbt: tx.toPSBT(), expected: built.items };
      },
      [{ code: 'wrong-payout', index: 0 }],
    ],
    [
      'a payout the server did not build (signed as the seller changed it)',
      taprootSeller,
      () => {
        const built = list([item(taprootSeller, 0x76)]);
        const tx = Transaction.fromPSBT(built.psbt);
        tx.updateOutput(0, { amount: built.items[0]!.payout.value * 2n });
        return { psbt: signPsbtWithKey(tx.toPSBT(), taprootSeller.key), expected: built.items };
      },
      [
        { code: 'wrong-payout', index: 0 },
        { code: 'bad-signature', index: 0 },
      ],
    ],
    [
      'SIGHASH_ALL (P2TR)',
      taprootSeller,
      () => {
        const { built, tx } = signed(taprootSeller, 0x77, SigHash.ALL);
        return { psbt: tx.toPSBT(), expected: built.items };
      },
      [{ code: 'wrong-sighash', index: 0 }],
    ],
    [
      'SIGHASH_ALL (P2WPKH)',
      nativeSeller,
      () => {
        const { built, tx } = signed(nativeSeller, 0x78, SigHash.ALL);
        return { psbt: tx.toPSBT(), expected: built.items };
      },
      [{ code: 'wrong-sighash', index: 0 }],
    ],
    [
      'a signature over another outpoint',
      taprootSeller,
      () => {
        const other = signed(taprootSeller, 0x79).tx.getInput(0).tapKeySig;
        const built = list([item(taprootSeller, 0x7a)]);
        const tx = Transaction.fromPSBT(built.psbt);
        tx.updateInput(0, { tapKeySig: other });
        return { psbt: tx.toPSBT(), expected: built.items };
      },
      [{ code: 'bad-signature', index: 0 }],
    ],
    [
      'a P2WPKH signature over another outpoint',
      nativeSeller,
      () => {
        const other = signed(nativeSeller, 0x7b).tx.getInput(0).partialSig;
        const built = list([item(nativeSeller, 0x7c)]);
        const tx = Transaction.fromPSBT(built.psbt);
        tx.updateInput(0, { partialSig: other });
        return { psbt: tx.toPSBT(), expected: built.items };
      },
      [{ code: 'bad-signature', index: 0 }],
    ],
    [
      'another listed outpoint',
      taprootSeller,
      () => {
        const { tx } = signed(taprootSeller, 0x7d);
        return { psbt: tx.toPSBT(), expected: list([item(taprootSeller, 0x7e)]).items };
      },
      [
        { code: 'wrong-outpoint', index: 0 },
        { code: 'bad-signature', index: 0 },
      ],
    ],
    [
      'a changed sequence',
      taprootSeller,
      () => {
        const { built, tx } = signed(taprootSeller, 0x7f);
        tx.updateInput(0, { sequence: 0xfffffffd }, true);
        return { psbt: tx.toPSBT(), expected: built.items };
      },
      [{ code: 'wrong-sequence', index: 0 }],
    ],
    [
      'a changed spent output',
      taprootSeller,
      () => {
        const { built, tx } = signed(taprootSeller, 0x80);
        tx.updateInput(0, { witnessUtxo: { script: taprootSeller.script, amount: 1n } }, true);
        return { psbt: tx.toPSBT(), expected: built.items };
      },
      [{ code: 'wrong-prevout', index: 0 }],
    ],
    [
      'one item fewer than listed',
      taprootSeller,
      () => {
        const { tx } = signed(taprootSeller, 0x81);
        return {
          psbt: tx.toPSBT(),
          expected: list([item(taprootSeller, 0x81), item(taprootSeller, 0x82)]).items,
        };
      },
      [{ code: 'wrong-shape' }],
    ],
    [
      'not a PSBT',
      taprootSeller,
      () => ({ psbt: 'bm90IGEgcHNidA==', expected: [] }),
      [{ code: 'invalid-psbt' }],
    ],
  ])('reports %s', (_, _seller, make, problems) => {
    const { psbt, expected } = make();
    expect(verifySignedListing(psbt, expected)).toEqual({ ok: false, problems });
  });

  it('pays out to the address given', () => {
    const built = list([{ ...item(taprootSeller, 0x83), payoutAddress: nativeSeller.address }]);
    expect(built.items[0]?.payout.script).toEqual(scriptOf(nativeSeller.address));
  });
});

describe('a snipe-protected listing (inscription in the maker wallet, ADR 009)', () => {
  const seller = testWallet('listing protected', 'p2wpkh');
  const maker = testMultisig(seller, 'maker');
  const protectedItem = (byte: number, publicKey = seller.publicKey): ListingItemParams => ({
    inscriptionUtxo: {
      ...inscriptionUtxo(seller, byte),
      script: maker.script,
      witnessScript: maker.witnessScript,
      publicKey,
    },
    price: 50_000n,
    payoutAddress: seller.address,
  });

  it('carries the witness script and 0x83; the stored witness is the seller signature alone', () => {
    const built = list([protectedItem(0x91), item(taprootSeller, 0x92)]);
    const tx = Transaction.fromPSBT(built.psbt);
    expect(tx.getInput(0)).toMatchObject({
      witnessScript: maker.witnessScript,
      witnessUtxo: { script: maker.script, amount: 10_000n },
      sighashType: SELLER_SIGHASH,
      sequence: 0xffffffff,
    });
    expect(built.items[0]?.sellerInput.witnessScript).toEqual(maker.witnessScript);
    expect(built.items[1]?.sellerInput).not.toHaveProperty('witnessScript');

    // The seller's wallet signs as U: the maker key P is the platform's, used only in purchases.
    let signed = signPsbtWithKey(built.psbt, seller.key, { inputs: [0] });
    signed = signPsbtWithKey(signed, taprootSeller.key, { inputs: [1] });
    const result = verifySignedListing(signed, built.items);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [witness] = result.signatures.map((s) => s.witness);
    expect(witness).toHaveLength(1);
    expect(witness?.[0]?.at(-1)).toBe(SELLER_SIGHASH);
  });

  it('reports a protected input signed with SIGHASH_ALL, or not by U', () => {
    const built = list([protectedItem(0x93)]);
    const all = signPsbtWithKey(withDeclaredSighash(built.psbt, SigHash.ALL), seller.key);
    expect(verifySignedListing(all, built.items)).toEqual({
      ok: false,
      problems: [{ code: 'wrong-sighash', index: 0 }],
    });
    const signedByU = Transaction.fromPSBT(signPsbtWithKey(built.psbt, seller.key));
    const [[, signature] = []] = signedByU.getInput(0).partialSig ?? [];
    const tx = Transaction.fromPSBT(built.psbt);
    tx.updateInput(0, { partialSig: [[maker.platformPublicKey, signature!]] }, true);
    expect(verifySignedListing(tx.toPSBT(), built.items)).toEqual({
      ok: false,
      problems: [{ code: 'not-signed', index: 0 }],
    });
  });

  it.each<[string, ListingItemParams, string]>([
    ['a key that is not U', protectedItem(0x94, maker.platformPublicKey), 'key-mismatch'],
    [
      'a witness script that is not the P2WSH spent',
      {
        ...protectedItem(0x95),
        inscriptionUtxo: {
          ...protectedItem(0x95).inscriptionUtxo,
          witnessScript: testMultisig(seller).witnessScript,
        },
      },
      'unknown-witness-script',
    ],
    [
      'a foreign witness script',
      {
        ...protectedItem(0x96),
        inscriptionUtxo: {
          ...protectedItem(0x96).inscriptionUtxo,
          witnessScript: Uint8Array.of(0x51),
        },
      },
      'unknown-witness-script',
    ],
  ])('refuses %s', (_, listed, code) => {
    expect(() => list([listed])).toThrow(expect.objectContaining({ code, index: 0 }));
  });
});
