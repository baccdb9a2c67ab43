import { SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64 } from '../bytes.ts';
import { TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import {
  coin,
  prevoutsOf,
  testWallet,
  verifyFinalTransaction,
  withDeclaredSighash,
  type TestWallet,
} from '../psbt/test-fixtures.ts';
import { signPsbtWithKey } from '../sign-psbt.ts';
import type { BuiltSwap } from './build-swap.ts';
import { checkSignedSwap, finalizeSwap, signPoolInputs } from './settle-swap.ts';
import { buySwap, POOL, sellSwap, user } from './swap-test-fixtures.ts';

/** The user's wallet signs the inputs the server names, with the PSBT's declared sighash. */
function signAsUser(built: Pick<BuiltSwap, 'psbt' | 'layout'>, wallet: TestWallet): Uint8Array {
  return signPsbtWithKey(built.psbt, wallet.key, { inputs: built.layout.userInputs });
}

/** The built PSBT changed by `edit` before the user signs it, as a tampering client would. */
function tampered(built: BuiltSwap, edit: (tx: Transaction) => void): BuiltSwap {
  const tx = Transaction.fromPSBT(built.psbt, TRADE_TX_OPTIONS);
  edit(tx);
  return { ...built, psbt: tx.toPSBT() };
}

function settle(built: BuiltSwap, signed: Uint8Array | string) {
  const checked = checkSignedSwap(signed, built);
  return finalizeSwap(signPoolInputs(checked, POOL.key, built.layout.poolInputs), built);
}

describe('a swap settled: the user signs, the platform checks, the pool signs last', () => {
  it.each(['p2tr', 'p2wpkh', 'p2sh-p2wpkh'] as const)(
    'a %s user sells an inscription and buys one; every signature verifies',
    (type) => {
      const person = user(type);
      for (const [built, wallet] of [
        [sellSwap(person), person.ordinals],
        [buySwap(person), person.payment],
      ] as const) {
        const final = settle(built, bytesToBase64(signAsUser(built, wallet)));
        expect(final.txid).toBe(built.txid);
        expect(final.fee).toBe(built.fee);
        expect(final.vsize).toBeLessThanOrEqual(built.vsize);
        expect(final.feeRate).toBeGreaterThanOrEqual(built.feeRate);
        const prevouts = prevoutsOf(built.psbt);
        expect(verifyFinalTransaction(final.hex, prevouts, [])).toEqual(prevouts.map(() => true));
      }
    },
  );

  it('accepts a PSBT the wallet finalized itself', () => {
    const buyer = user('p2wpkh');
    const built = buySwap(buyer);
    const signed = signPsbtWithKey(built.psbt, buyer.payment.key, {
      inputs: built.layout.userInputs,
      finalize: true,
    });
    expect(settle(built, signed).txid).toBe(built.txid);
  });

  it('takes nothing but the signatures from what the user sent', () => {
    const seller = user('p2tr');
    const built = sellSwap(seller);
    const signed = Transaction.fromPSBT(signAsUser(built, seller.ordinals), TRADE_TX_OPTIONS);
    signed.updateInput(1, { tapInternalKey: seller.ordinals.publicKey.subarray(1) }, true);
    const checked = Transaction.fromPSBT(checkSignedSwap(signed.toPSBT(), built), TRADE_TX_OPTIONS);
    expect(checked.getInput(1).tapInternalKey).toEqual(POOL.publicKey.subarray(1));
  });
});

describe('checkSignedSwap refuses', () => {
  const buyer = user('p2wpkh');
  const seller = user('p2tr');

  it('a changed output, naming it', () => {
    const built = buySwap(buyer);
    const changed = tampered(built, (tx) => tx.updateOutput(1, { amount: 49_000n }));
    expect(() => checkSignedSwap(signAsUser(changed, buyer.payment), built)).toThrow(
      expect.objectContaining({
        code: 'outputs-changed',
        message: 'Output 1 was changed',
        index: 1,
      }),
    );
  });

  it('an added input', () => {
    const built = buySwap(buyer);
    const extra = coin(buyer.payment, 0xb9, 5_000n);
    const added = tampered(built, (tx) =>
      tx.addInput({
        txid: extra.txid,
        index: 0,
        witnessUtxo: { script: extra.script, amount: extra.value },
      }),
    );
    expect(() => checkSignedSwap(signAsUser(added, buyer.payment), built)).toThrow(
      expect.objectContaining({ code: 'inputs-changed', message: 'Inputs were added or removed' }),
    );
  });

  it('a user input signed SIGHASH_NONE', () => {
    const built = buySwap(buyer);
    const none = { ...built, psbt: withDeclaredSighash(built.psbt, SigHash.NONE) };
    expect(() => checkSignedSwap(signAsUser(none, buyer.payment), built)).toThrow(
      expect.objectContaining({
        code: 'bad-buyer-sighash',
        message: 'Input 1 is not signed with SIGHASH_ALL',
      }),
    );
  });

  it('a user input signed SINGLE|ANYONECANPAY', () => {
    const built = sellSwap(seller);
    const single = { ...built, psbt: withDeclaredSighash(built.psbt, SigHash.SINGLE_ANYONECANPAY) };
    expect(() => checkSignedSwap(signAsUser(single, seller.ordinals), built)).toThrow(
      expect.objectContaining({ code: 'bad-buyer-sighash', index: 0 }),
    );
  });

  it('a signed pool input', () => {
    const built = sellSwap(seller);
    const both = signPsbtWithKey(signAsUser(built, seller.ordinals), POOL.key, { inputs: [1] });
    expect(() => checkSignedSwap(both, built)).toThrow(
      expect.objectContaining({
        code: 'inputs-changed',
        message: "Input 1 is the pool's: it must not be signed",
      }),
    );
  });

  it('an unsigned user input', () => {
    const built = buySwap(buyer);
    expect(() => checkSignedSwap(built.psbt, built)).toThrow(
      expect.objectContaining({ code: 'unsigned-buyer-input', index: 1 }),
    );
  });

  it("a signature over other amounts (the pool coin's value changed before signing)", () => {
    const built = sellSwap(seller);
    const lied = tampered(built, (tx) =>
      tx.updateInput(1, { witnessUtxo: { script: POOL.script, amount: 1_000_000n } }),
    );
    expect(() => checkSignedSwap(signAsUser(lied, seller.ordinals), built)).toThrow(
      expect.objectContaining({
        code: 'bad-buyer-signature',
        message: "Input 0's signature does not verify",
      }),
    );
  });

  it('a signature by a key that does not control the input', () => {
    const built = buySwap(buyer);
    const stranger = testWallet('stranger', 'p2wpkh');
    const signed = Transaction.fromPSBT(signAsUser(built, buyer.payment), TRADE_TX_OPTIONS);
    const [[, signature] = []] = signed.getInput(1).partialSig ?? [];
    const forged = Transaction.fromPSBT(built.psbt, TRADE_TX_OPTIONS);
    forged.updateInput(1, { finalScriptWitness: [signature!, stranger.publicKey] });
    expect(() => checkSignedSwap(forged.toPSBT(), built)).toThrow(
      expect.objectContaining({ code: 'bad-buyer-signature', index: 1 }),
    );
  });

  it('a pool key that is not the pool', () => {
    const built = sellSwap(seller);
    const checked = checkSignedSwap(signAsUser(built, seller.ordinals), built);
    expect(() => signPoolInputs(checked, seller.ordinals.key, built.layout.poolInputs)).toThrow(
      expect.objectContaining({ code: 'key-mismatch' }),
    );
  });
});

describe('signPoolInputs', () => {
  it('signs ALL or DEFAULT only, whatever sighash the PSBT declares', () => {
    const seller = user('p2tr');
    const built = sellSwap(seller);
    const checked = checkSignedSwap(signAsUser(built, seller.ordinals), built);
    const declared = Transaction.fromPSBT(checked, TRADE_TX_OPTIONS);
    declared.updateInput(1, { sighashType: SigHash.NONE });
    expect(() => signPoolInputs(declared.toPSBT(), POOL.key, built.layout.poolInputs)).toThrow(
      expect.objectContaining({ code: 'key-mismatch' }),
    );
    const signed = Transaction.fromPSBT(signPoolInputs(checked, POOL.key, [1]), TRADE_TX_OPTIONS);
    expect(signed.getInput(1).tapKeySig).toHaveLength(64);
  });
});
