import { secp256k1 } from '@noble/curves/secp256k1.js';
import { SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../bytes.ts';
import { TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import { multisigCoin, testMultisig, testWallet } from '../psbt/test-fixtures.ts';
import { psbtInput } from '../psbt/utxo.ts';
import { multisigWitnessScript, type MultisigWallet } from './script.ts';
import {
  isValidMultisigSpend,
  multisigSighash,
  signMultisigInput,
  verifyMultisigSignature,
} from './sign.ts';

const user = testWallet('sign user', 'p2wpkh');
const wallet = testMultisig(user);
const stranger = testWallet('sign stranger', 'p2wpkh');
const coin = multisigCoin(wallet, 0x31, 50_000n);
const prevout = { script: wallet.script, amount: coin.value };

/** A version-2 spend of one multisig coin to the user's P2WPKH address. */
function spend(options: { sequence?: number; version?: number; to?: MultisigWallet } = {}) {
  const from = options.to ?? wallet;
  const tx = new Transaction({ ...TRADE_TX_OPTIONS, version: options.version ?? 2 });
  tx.addInput(
    psbtInput(
      { ...coin, script: from.script },
      { witnessScript: from.witnessScript },
      options.sequence,
    ),
  );
  tx.addOutput({ script: user.script, amount: 49_000n });
  return tx;
}

/** The raw transaction with `witness` on input 0, parsed back as a node would see it. */
function withWitness(tx: Transaction, witness: Uint8Array[]): Transaction {
  const copy = Transaction.fromPSBT(tx.toPSBT(), TRADE_TX_OPTIONS);
  copy.updateInput(0, { finalScriptWitness: witness }, true);
  return Transaction.fromRaw(copy.extract(), { ...TRADE_TX_OPTIONS, allowUnknownInputs: true });
}

describe('signMultisigInput', () => {
  it('signs with U or P (BIP143, low-S DER + sighash byte) and stores partial signatures', () => {
    const tx = spend();
    const sigU = signMultisigInput(tx, 0, user.key);
    const sigP = signMultisigInput(tx, 0, wallet.platformKey);
    expect(tx.getInput(0).partialSig).toEqual([
      [wallet.userPublicKey, sigU],
      [wallet.platformPublicKey, sigP],
    ]);
    for (const [key, sig] of [
      [wallet.userPublicKey, sigU],
      [wallet.platformPublicKey, sigP],
    ] as const) {
      expect(sig.at(-1)).toBe(SigHash.ALL);
      expect(sig.length).toBeLessThanOrEqual(73);
      const parsed = secp256k1.Signature.fromBytes(sig.subarray(0, -1), 'der');
      expect(parsed.hasHighS()).toBe(false);
      expect(verifyMultisigSignature(tx, 0, key, sig)).toBe(true);
      expect(verifyMultisigSignature(tx, 0, key, sig, { sighash: SigHash.ALL })).toBe(true);
    }
  });

  it('signs the digest whose script code is the witness script', () => {
    const tx = spend();
    const sig = signMultisigInput(tx, 0, user.key, SigHash.SINGLE_ANYONECANPAY);
    const digest = tx.preimageWitnessV0(0, wallet.witnessScript, 0x83, coin.value);
    expect(
      multisigSighash(tx, 0, { witnessScript: wallet.witnessScript, amount: coin.value }, 0x83),
    ).toEqual(digest);
    const options = { prehash: false, format: 'der', lowS: true } as const;
    expect(secp256k1.verify(sig.subarray(0, -1), digest, user.publicKey, options)).toBe(true);
    expect(sig.at(-1)).toBe(0x83);
  });

  it('is deterministic (RFC 6979)', () => {
    expect(signMultisigInput(spend(), 0, user.key)).toEqual(
      signMultisigInput(spend(), 0, user.key),
    );
  });

  const foreign = testMultisig(stranger);
  it.each<[string, () => Transaction, Uint8Array, string]>([
    ['a key that is neither U nor P', spend, stranger.key, 'key-mismatch'],
    [
      'an input without its witness script',
      () => {
        const tx = new Transaction(TRADE_TX_OPTIONS);
        tx.addInput(psbtInput(coin));
        return tx;
      },
      user.key,
      'invalid-psbt',
    ],
    [
      'a witness script that is not the P2WSH spent',
      () => {
        const tx = new Transaction(TRADE_TX_OPTIONS);
        tx.addInput(psbtInput(coin, { witnessScript: foreign.witnessScript }));
        return tx;
      },
      user.key,
      'unknown-witness-script',
    ],
    [
      'a foreign script',
      () => {
        const tx = new Transaction(TRADE_TX_OPTIONS);
        tx.addInput(psbtInput(coin, { witnessScript: hexToBytes('51') }));
        return tx;
      },
      user.key,
      'unknown-witness-script',
    ],
  ])('refuses %s', (_, make, key, code) => {
    expect(() => signMultisigInput(make(), 0, key)).toThrow(expect.objectContaining({ code }));
  });
});

describe('verifyMultisigSignature', () => {
  const tx = spend();
  const sig = signMultisigInput(tx, 0, user.key);
  it.each<[string, () => boolean]>([
    ['another key', () => verifyMultisigSignature(tx, 0, wallet.platformPublicKey, sig)],
    [
      'another sighash asked',
      () => verifyMultisigSignature(tx, 0, user.publicKey, sig, { sighash: 0x83 }),
    ],
    [
      'a relabelled sighash byte',
      () =>
        verifyMultisigSignature(tx, 0, user.publicKey, Uint8Array.of(...sig.subarray(0, -1), 0x83)),
    ],
    [
      'a changed output',
      () => {
        const changed = spend();
        changed.updateOutput(0, { amount: 48_999n });
        return verifyMultisigSignature(changed, 0, user.publicKey, sig);
      },
    ],
    ['garbage', () => verifyMultisigSignature(tx, 0, user.publicKey, Uint8Array.of(1, 2, 1))],
    ['no such input', () => verifyMultisigSignature(tx, 3, user.publicKey, sig)],
  ])('is false for %s', (_, check) => {
    expect(check()).toBe(false);
  });
});

describe('isValidMultisigSpend', () => {
  const EMPTY = new Uint8Array();
  it('accepts both keys with FINAL sequence, and U alone with nSequence 144 in version 2', () => {
    const cooperative = spend();
    const sigU = signMultisigInput(cooperative, 0, user.key);
    const sigP = signMultisigInput(cooperative, 0, wallet.platformKey);
    const final = withWitness(cooperative, [sigP, sigU, wallet.witnessScript]);
    expect(isValidMultisigSpend(final, 0, prevout)).toBe(true);

    const recovery = spend({ sequence: 144 });
    const sig = signMultisigInput(recovery, 0, user.key);
    expect(
      isValidMultisigSpend(withWitness(recovery, [EMPTY, sig, wallet.witnessScript]), 0, prevout),
    ).toBe(true);
  });

  it.each<[string, { sequence?: number; version?: number }, 'user' | 'platform' | 'swap']>([
    ['U alone before the delay (nSequence 143)', { sequence: 143 }, 'user'],
    ['U alone with a final sequence', {}, 'user'],
    ['U alone with a time-based sequence', { sequence: 0x00400000 | 144 }, 'user'],
    ['U alone in a version-1 transaction', { sequence: 144, version: 1 }, 'user'],
    ['P alone', { sequence: 144 }, 'platform'],
    ['the two signatures swapped', {}, 'swap'],
  ])('refuses %s', (_, options, who) => {
    const tx = spend(options);
    const sigU = signMultisigInput(tx, 0, user.key);
    const sigP = signMultisigInput(tx, 0, wallet.platformKey);
    const witness = {
      user: [EMPTY, sigU, wallet.witnessScript],
      platform: [EMPTY, sigP, wallet.witnessScript],
      swap: [sigU, sigP, wallet.witnessScript],
    }[who];
    expect(isValidMultisigSpend(withWitness(tx, witness), 0, prevout)).toBe(false);
  });

  it('refuses a witness script that is not the one spent, and a short witness', () => {
    const tx = spend();
    const sigU = signMultisigInput(tx, 0, user.key);
    const sigP = signMultisigInput(tx, 0, wallet.platformKey);
    const other = multisigWitnessScript(user.publicKey, wallet.platformPublicKey, 145);
    expect(isValidMultisigSpend(withWitness(tx, [sigP, sigU, other]), 0, prevout)).toBe(false);
    expect(isValidMultisigSpend(withWitness(tx, [sigU, wallet.witnessScript]), 0, prevout)).toBe(
      false,
    );
  });
});
