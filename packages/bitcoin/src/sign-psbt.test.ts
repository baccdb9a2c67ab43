import { p2pkh, p2sh, p2tr, p2wpkh, SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, hexToBytes } from './bytes.ts';
import { isValidKeySpend, type SpentOutput } from './key-spend.ts';
import { compressedPublicKey, privateKeyFromHex, xOnlyPublicKey } from './keys.ts';
import { derivePlatformKey } from './multisig/platform-key.ts';
import { multisigWallet } from './multisig/script.ts';
import { verifyMultisigSignature } from './multisig/sign.ts';
import { SignPsbtError, signPsbtWithKey } from './sign-psbt.ts';

const KEY = privateKeyFromHex('d97f5108f11cda6eeebaaa420fef0726b1f898060b98489fa3098463c0032866');
const OTHER_KEY = privateKeyFromHex(
  '0000000000000000000000000000000000000000000000000000000000000001',
);
const FUNDING_TXID = hexToBytes('a6'.repeat(32));

const publicKey = compressedPublicKey(KEY);
const prevouts: SpentOutput[] = [
  { script: p2wpkh(publicKey).script, amount: 10_000n },
  { script: p2tr(xOnlyPublicKey(KEY)).script, amount: 20_000n },
  { script: p2sh(p2wpkh(publicKey)).script, amount: 30_000n },
  { script: p2wpkh(compressedPublicKey(OTHER_KEY)).script, amount: 40_000n },
];

/** A PSBT spending our P2WPKH, P2TR and P2SH-P2WPKH outputs and someone else's P2WPKH. */
function buildPsbt(declaredSighash?: number): Uint8Array {
  const tx = new Transaction();
  prevouts.forEach((witnessUtxo, index) => {
    // No tapInternalKey nor redeemScript: the signer knows its own key and fills them in.
    tx.addInput({ txid: FUNDING_TXID, index, witnessUtxo });
    if (declaredSighash !== undefined) tx.updateInput(index, { sighashType: declaredSighash });
  });
  tx.addOutput({ script: p2wpkh(compressedPublicKey(OTHER_KEY)).script, amount: 99_000n });
  return tx.toPSBT();
}

describe('signPsbtWithKey', () => {
  it('signs every input the key controls, and the signatures finalize and verify', () => {
    const signed = Transaction.fromPSBT(signPsbtWithKey(buildPsbt(), KEY));
    expect(signed.getInput(0).partialSig).toHaveLength(1);
    expect(signed.getInput(1).tapKeySig).toHaveLength(64); // SIGHASH_DEFAULT
    expect(signed.getInput(2).partialSig).toHaveLength(1);
    expect(signed.getInput(3).partialSig).toBeUndefined();

    const finalized = signPsbtWithKey(signed.toPSBT(), OTHER_KEY, { inputs: [3], finalize: true });
    const both = Transaction.fromPSBT(finalized);
    for (const index of [0, 1, 2]) both.finalizeIdx(index);
    const onChain = Transaction.fromRaw(both.extract());
    for (const index of [0, 1, 2, 3]) {
      expect(isValidKeySpend(onChain, index, prevouts), `input ${index}`).toBe(true);
    }
  });

  it('signs a P2PKH input that carries its previous transaction', () => {
    const script = p2pkh(publicKey).script;
    const previous = new Transaction();
    previous.addInput({ txid: FUNDING_TXID, index: 0 });
    previous.addOutput({ script, amount: 50_000n });
    const tx = new Transaction();
    tx.addInput({ txid: previous.id, index: 0, nonWitnessUtxo: previous.unsignedTx });
    tx.addOutput({ script, amount: 49_000n });

    const signed = Transaction.fromPSBT(signPsbtWithKey(tx.toPSBT(), KEY, { finalize: true }));
    const onChain = Transaction.fromRaw(signed.extract());
    expect(isValidKeySpend(onChain, 0, [{ script, amount: 50_000n }])).toBe(true);
  });

  it('accepts base64 and finalizes what it signed', () => {
    const psbt = bytesToBase64(buildPsbt());
    const signed = Transaction.fromPSBT(
      signPsbtWithKey(psbt, KEY, { inputs: [0, 1], finalize: true }),
    );
    expect(signed.getInput(0).finalScriptWitness).toHaveLength(2);
    expect(signed.getInput(1).finalScriptWitness).toHaveLength(1);
    expect(signed.getInput(2).finalScriptWitness).toBeUndefined();
  });

  it('honours the sighash the PSBT declares, as a listing needs SINGLE|ANYONECANPAY', () => {
    const declared = SigHash.SINGLE_ANYONECANPAY;
    const signed = Transaction.fromPSBT(signPsbtWithKey(buildPsbt(declared), KEY, { inputs: [0] }));
    const [[, signature] = []] = signed.getInput(0).partialSig ?? [];
    expect(signature?.at(-1)).toBe(declared);
  });

  it('refuses a declared sighash outside the allowed list', () => {
    const psbt = buildPsbt(SigHash.NONE);
    const options = { inputs: [0], sighashTypes: [SigHash.ALL] };
    expect(() => signPsbtWithKey(psbt, KEY, options)).toThrow(SignPsbtError);
  });

  it.each([
    ['invalid-psbt', 'not a psbt', {}],
    ['invalid-psbt', new Uint8Array([1, 2, 3]), {}],
    ['input-not-signable', buildPsbt(), { inputs: [3] }],
    ['input-not-signable', buildPsbt(), { inputs: [7] }],
  ] as const)('fails with %s', (code, psbt, options) => {
    expect(() => signPsbtWithKey(psbt, KEY, options)).toThrow(expect.objectContaining({ code }));
  });

  it('fails with nothing-signed when the key controls no input', () => {
    const stranger = privateKeyFromHex('02'.repeat(32));
    expect(() => signPsbtWithKey(buildPsbt(), stranger)).toThrow(
      expect.objectContaining({ code: 'nothing-signed' }),
    );
  });
});

describe('signPsbtWithKey on the 2-of-2 multisig of ADR 009', () => {
  const platformKey = derivePlatformKey(new Uint8Array(32).fill(7), 'multisig', publicKey);
  const wallet = multisigWallet(publicKey, compressedPublicKey(platformKey), 'regtest');
  const foreign = multisigWallet(compressedPublicKey(OTHER_KEY), publicKey, 'regtest');

  /** Input 0 our multisig, input 1 our P2WPKH, input 2 a multisig where the key is only P. */
  function multisigPsbt(declaredSighash?: number): Uint8Array {
    const tx = new Transaction();
    const spends = [
      { script: wallet.script, witnessScript: wallet.witnessScript },
      { script: prevouts[0]!.script },
      { script: foreign.script, witnessScript: foreign.witnessScript },
    ];
    spends.forEach(({ script, witnessScript }, index) => {
      tx.addInput({ txid: FUNDING_TXID, index, witnessUtxo: { script, amount: 10_000n } });
      if (witnessScript) tx.updateInput(index, { witnessScript });
    });
    if (declaredSighash !== undefined) tx.updateInput(0, { sighashType: declaredSighash });
    tx.addOutput({ script: p2wpkh(compressedPublicKey(OTHER_KEY)).script, amount: 29_000n });
    return tx.toPSBT();
  }

  it('signs the multisig input as its user key U, with ALL, and leaves a partial signature', () => {
    const signed = Transaction.fromPSBT(signPsbtWithKey(multisigPsbt(), KEY));
    const [[key, signature] = []] = signed.getInput(0).partialSig ?? [];
    expect(key).toEqual(publicKey);
    expect(signature?.at(-1)).toBe(SigHash.ALL);
    expect(verifyMultisigSignature(signed, 0, publicKey, signature!)).toBe(true);
    expect(signed.getInput(2).partialSig).toBeUndefined();
  });

  it('signs with the declared SINGLE|ANYONECANPAY of a protected listing', () => {
    const psbt = multisigPsbt(SigHash.SINGLE_ANYONECANPAY);
    const signed = Transaction.fromPSBT(signPsbtWithKey(psbt, KEY, { inputs: [0] }));
    const [[, signature] = []] = signed.getInput(0).partialSig ?? [];
    expect(signature?.at(-1)).toBe(SigHash.SINGLE_ANYONECANPAY);
    const options = { sighashTypes: [SigHash.ALL], inputs: [0] };
    expect(() => signPsbtWithKey(psbt, KEY, options)).toThrow(
      expect.objectContaining({ code: 'input-not-signable' }),
    );
  });

  it('finalizes the other inputs and keeps the multisig one partial', () => {
    const signed = Transaction.fromPSBT(signPsbtWithKey(multisigPsbt(), KEY, { finalize: true }));
    expect(signed.getInput(0).finalScriptWitness).toBeUndefined();
    expect(signed.getInput(0).partialSig).toHaveLength(1);
    expect(signed.getInput(1).finalScriptWitness).toHaveLength(2);
  });

  it('never signs as the platform key P', () => {
    expect(() => signPsbtWithKey(multisigPsbt(), KEY, { inputs: [2] })).toThrow(
      expect.objectContaining({ code: 'input-not-signable' }),
    );
    expect(() => signPsbtWithKey(multisigPsbt(), platformKey)).toThrow(
      expect.objectContaining({ code: 'nothing-signed' }),
    );
  });
});
