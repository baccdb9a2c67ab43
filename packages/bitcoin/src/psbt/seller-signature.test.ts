import { SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../bytes.ts';
import { signPsbtWithKey } from '../sign-psbt.ts';
import { buildListingPsbt } from './listing.ts';
import {
  checkSellerWitness,
  extractSellerWitness,
  SELLER_SIGHASH,
  sellerSighash,
  type ListedItem,
} from './seller-signature.ts';
import {
  coin,
  inscriptionUtxo,
  NETWORK,
  signedListing as storedListing,
  testMultisig,
  testWallet,
  withDeclaredSighash,
  type TestWallet,
} from './test-fixtures.ts';
import { OutScript } from '@scure/btc-signer';

const taprootSeller = testWallet('seller p2tr', 'p2tr');
const nativeSeller = testWallet('seller p2wpkh', 'p2wpkh');
const filler = testWallet('filler', 'p2wpkh');

function signedListing(seller: TestWallet, sighash = SELLER_SIGHASH) {
  const { psbt, items } = buildListingPsbt({
    items: [
      {
        inscriptionUtxo: inscriptionUtxo(seller, 0x51),
        price: 50_000n,
        payoutAddress: seller.address,
      },
    ],
    makerFeeBps: 100,
    network: NETWORK,
  });
  const declared = withDeclaredSighash(psbt, sighash);
  const signed = Transaction.fromPSBT(signPsbtWithKey(declared, seller.key));
  const item = items[0] as ListedItem;
  return { item, witness: extractSellerWitness(signed.getInput(0), item.sellerInput.script) ?? [] };
}

describe('checkSellerWitness', () => {
  it.each([
    ['P2TR', taprootSeller],
    ['P2WPKH', nativeSeller],
  ])('accepts a %s seller signing SINGLE|ANYONECANPAY', (_, seller) => {
    const { item, witness } = signedListing(seller);
    expect(witness[0]?.at(-1)).toBe(SELLER_SIGHASH);
    expect(checkSellerWitness(item, witness)).toBeUndefined();
  });

  const flip = (bytes: Uint8Array, at: number) => bytes.map((b, i) => (i === at ? b ^ 1 : b));
  it.each<[string, TestWallet, (w: Uint8Array[]) => Uint8Array[], string]>([
    ['nothing', taprootSeller, () => [], 'not-signed'],
    ['a flipped Schnorr bit', taprootSeller, ([s]) => [flip(s!, 5)], 'bad-signature'],
    [
      'a 64-byte (DEFAULT) signature',
      taprootSeller,
      ([s]) => [s!.subarray(0, 64)],
      'wrong-sighash',
    ],
    ['a second witness item', taprootSeller, ([s]) => [s!, s!], 'bad-signature'],
    ['a flipped ECDSA bit', nativeSeller, ([s, k]) => [flip(s!, 10), k!], 'bad-signature'],
    ['another public key', nativeSeller, ([s]) => [s!, filler.publicKey], 'bad-signature'],
    ['no public key', nativeSeller, ([s]) => [s!], 'bad-signature'],
    [
      'a relabelled sighash byte',
      nativeSeller,
      ([s, k]) => [Uint8Array.of(...s!.subarray(0, -1), 0x01), k!],
      'wrong-sighash',
    ],
  ])('refuses %s', (_, seller, tamper, problem) => {
    const { item, witness } = signedListing(seller);
    expect(checkSellerWitness(item, tamper(witness))).toBe(problem);
  });

  it.each([
    ['P2TR', taprootSeller],
    ['P2WPKH', nativeSeller],
  ])('refuses a %s signature made with SIGHASH_ALL', (_, seller) => {
    const { item, witness } = signedListing(seller, SigHash.ALL);
    expect(checkSellerWitness(item, witness)).toBe('wrong-sighash');
  });

  it('refuses a payout other than the one signed', () => {
    const { item, witness } = signedListing(taprootSeller);
    const raised = { ...item, payout: { ...item.payout, value: item.payout.value + 1n } };
    expect(checkSellerWitness(raised, witness)).toBe('bad-signature');
  });

  it('knows only P2TR and P2WPKH sellers', () => {
    const { item, witness } = signedListing(nativeSeller);
    const p2sh = OutScript.encode({ type: 'sh', hash: new Uint8Array(20) });
    const moved = { ...item, sellerInput: { ...item.sellerInput, script: p2sh } };
    expect(checkSellerWitness(moved, witness)).toBe('unsupported-seller-script');
  });
});

describe('sellerSighash', () => {
  // ANYONECANPAY commits to no input index: the digest of the one-input template is the digest
  // at any aligned index of a bigger transaction (here index 2, behind two other inputs).
  it.each([
    ['BIP341', taprootSeller],
    ['BIP143', nativeSeller],
  ])('%s: the template digest is the digest at index 2 of a purchase', (_, seller) => {
    const { item } = signedListing(seller);
    const { sellerInput, payout } = item;
    const tx = new Transaction({ version: 2, lockTime: 0 });
    const others = [coin(filler, 1, 600n), coin(filler, 2, 600n), coin(filler, 3, 90_000n)];
    const inputs = [others[0]!, others[1]!, sellerInput, others[2]!];
    for (const utxo of inputs) {
      tx.addInput({
        txid: hexToBytes(utxo.txid),
        index: utxo.vout,
        sequence: 0xffffffff,
        witnessUtxo: { script: utxo.script, amount: utxo.value },
      });
    }
    for (const value of [1_200n, 10_000n]) tx.addOutput({ script: filler.script, amount: value });
    tx.addOutput({ script: payout.script, amount: payout.value });
    tx.addOutput({ script: filler.script, amount: 1_000n });
    const digest =
      seller.type === 'p2tr'
        ? tx.preimageWitnessV1(
            2,
            inputs.map((u) => u.script),
            SELLER_SIGHASH,
            inputs.map((u) => u.value),
          )
        : tx.preimageWitnessV0(
            2,
            OutScript.encode({ type: 'pkh', hash: sellerInput.script.subarray(2) }),
            SELLER_SIGHASH,
            sellerInput.value,
          );
    expect(digest).toEqual(sellerSighash(item));
  });
});

describe('extractSellerWitness', () => {
  it('reads a finalized witness, a taproot key signature or the matching partial signature', () => {
    const sig = new Uint8Array(65).fill(1);
    const der = new Uint8Array(72).fill(2);
    const script = nativeSeller.script;
    expect(extractSellerWitness({ finalScriptWitness: [sig] }, taprootSeller.script)).toEqual([
      sig,
    ]);
    expect(extractSellerWitness({ tapKeySig: sig }, taprootSeller.script)).toEqual([sig]);
    const partialSig: [Uint8Array, Uint8Array][] = [
      [filler.publicKey, der],
      [nativeSeller.publicKey, der],
    ];
    expect(extractSellerWitness({ partialSig }, script)).toEqual([der, nativeSeller.publicKey]);
    expect(extractSellerWitness({ partialSig: partialSig.slice(0, 1) }, script)).toBeUndefined();
    expect(extractSellerWitness({}, taprootSeller.script)).toBeUndefined();
  });
});

describe('a protected seller input (the maker wallet P2WSH)', () => {
  const seller = testWallet('seller protected', 'p2wpkh');
  const maker = testMultisig(seller, 'maker');
  const listed = storedListing(seller, 0x52, { protected: true });

  it("is U's 0x83 signature alone, checked with the witness script as script code", () => {
    expect(listed.witness).toHaveLength(1);
    expect(listed.sellerInput.witnessScript).toEqual(maker.witnessScript);
    expect(checkSellerWitness(listed, listed.witness)).toBeUndefined();
  });

  it('has the template digest of a purchase at index 2 (BIP143, script code = witness script)', () => {
    const tx = new Transaction({ version: 2, lockTime: 0 });
    const others = [coin(filler, 1, 600n), coin(filler, 2, 600n), coin(filler, 3, 90_000n)];
    for (const utxo of [others[0]!, others[1]!, listed.sellerInput, others[2]!]) {
      tx.addInput({
        txid: hexToBytes(utxo.txid),
        index: utxo.vout,
        witnessUtxo: { script: utxo.script, amount: utxo.value },
      });
    }
    for (const value of [1_200n, 10_000n]) tx.addOutput({ script: filler.script, amount: value });
    tx.addOutput({ script: listed.payout.script, amount: listed.payout.value });
    const digest = tx.preimageWitnessV0(2, maker.witnessScript, SELLER_SIGHASH, 10_000n);
    expect(sellerSighash(listed)).toEqual(digest);
  });

  const flip = (bytes: Uint8Array, at: number) => bytes.map((b, i) => (i === at ? b ^ 1 : b));
  it.each<[string, (w: Uint8Array[]) => Uint8Array[], Partial<ListedItem['sellerInput']>, string]>([
    ['nothing', () => [], {}, 'not-signed'],
    ['a flipped bit', ([s]) => [flip(s!, 10)], {}, 'bad-signature'],
    ['the script pushed after it', ([s]) => [s!, maker.witnessScript], {}, 'bad-signature'],
    [
      'a relabelled sighash',
      ([s]) => [Uint8Array.of(...s!.subarray(0, -1), 1)],
      {},
      'wrong-sighash',
    ],
    [
      'another witness script',
      (w) => w,
      { witnessScript: testMultisig(seller).witnessScript },
      'unsupported-seller-script',
    ],
    ['another sequence', (w) => w, { sequence: 144 }, 'bad-signature'],
  ])('refuses %s', (_, tamper, input, problem) => {
    const item = { ...listed, sellerInput: { ...listed.sellerInput, ...input } };
    expect(checkSellerWitness(item, tamper(listed.witness))).toBe(problem);
  });

  it("extracts U's partial signature only", () => {
    const sig = new Uint8Array(72).fill(3);
    const partialSig: [Uint8Array, Uint8Array][] = [
      [maker.platformPublicKey, sig],
      [seller.publicKey, sig],
    ];
    const { script, witnessScript } = listed.sellerInput;
    expect(extractSellerWitness({ partialSig }, script, witnessScript)).toEqual([sig]);
    expect(
      extractSellerWitness({ partialSig: partialSig.slice(0, 1) }, script, witnessScript),
    ).toBeUndefined();
  });
});
