import { SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToBase64, hexToBytes } from '../bytes.ts';
import { TRADE_TX_OPTIONS } from '../psbt/codec.ts';
import { signPsbtWithKey } from '../sign-psbt.ts';
import {
  multisigCoin,
  NETWORK,
  prevoutsOf,
  testMultisig,
  testWallet,
  verifyFinalTransaction,
  withDeclaredSighash,
} from '../psbt/test-fixtures.ts';
import { buildRecoveryPsbt, finalizeRecovery } from './recovery.ts';

const user = testWallet('recovery user', 'p2wpkh');
const wallet = testMultisig(user, 'maker');
const recipient = testWallet('recovery recipient', 'p2tr');
const coins = [multisigCoin(wallet, 0x81, 20_000n), multisigCoin(wallet, 0x82, 5_000n)];

function recover(overrides: Partial<Parameters<typeof buildRecoveryPsbt>[0]> = {}) {
  return buildRecoveryPsbt({
    wallet,
    utxos: coins,
    recipientAddress: recipient.address,
    feeRate: 2,
    network: NETWORK,
    ...overrides,
  });
}

const sequences = (tx: Transaction) =>
  Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i).sequence);

describe('buildRecoveryPsbt and finalizeRecovery', () => {
  it('sends every coin to the recipient on the user key alone, after 144 blocks', () => {
    const built = recover();
    // 10.5 + 2 × 79.25 + P2TR 43 = 212 vB.
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize: 212, fee: 424n });
    const tx = Transaction.fromPSBT(built.psbt);
    expect({ version: tx.version, lockTime: tx.lockTime }).toEqual({ version: 2, lockTime: 0 });
    expect(sequences(tx)).toEqual([144, 144]);
    expect(tx.outputsLength).toBe(1);
    expect(tx.getOutput(0)).toMatchObject({ script: recipient.script, amount: 25_000n - 424n });
    expect(tx.getInput(0).witnessScript).toEqual(wallet.witnessScript);
    expect(built.layout).toMatchObject({ recipientIndex: 0, inscriptionOutputIndices: [] });

    // The browser: the user's wallet signs, the page finalizes, no platform involved.
    const signed = signPsbtWithKey(built.psbt, user.key);
    const final = finalizeRecovery(bytesToBase64(signed), wallet);
    const prevouts = prevoutsOf(built.psbt);
    expect(verifyFinalTransaction(final.hex, prevouts, [])).toEqual([true, true]);
    const raw = Transaction.fromRaw(hexToBytes(final.hex), { allowUnknownInputs: true });
    const witness = raw.getInput(1).finalScriptWitness ?? [];
    expect(witness.map((item) => item.length)).toEqual([0, witness[1]?.length, 77]);
    expect(witness[2]).toEqual(wallet.witnessScript);
    expect(final.fee).toBe(424n);
    expect(final.vsize).toBeLessThanOrEqual(built.vsize);
    expect(final.vsize).toBeGreaterThanOrEqual(built.vsize - 1);
  });

  it('keeps inscribed coins whole in their own outputs, paid for by the cardinal ones', () => {
    const built = recover({
      utxos: [coins[0]!, { ...multisigCoin(wallet, 0x83, 10_000n), inscribed: true }],
    });
    const tx = Transaction.fromPSBT(built.psbt);
    expect(tx.getOutput(0).amount).toBe(10_000n);
    expect(tx.getOutput(1).amount).toBe(20_000n - built.fee);
    expect(tx.getInput(0).witnessUtxo?.amount).toBe(10_000n);
    expect(built.layout).toMatchObject({ inscriptionOutputIndices: [0], recipientIndex: 1 });
    const final = finalizeRecovery(signPsbtWithKey(built.psbt, user.key), wallet);
    expect(verifyFinalTransaction(final.hex, prevoutsOf(built.psbt), [])).toEqual([true, true]);
  });

  it.each<[string, Partial<Parameters<typeof buildRecoveryPsbt>[0]>, string]>([
    ['no coins', { utxos: [] }, 'insufficient-funds'],
    [
      'coins that cannot pay the fee',
      { utxos: [multisigCoin(wallet, 0x84, 400n)] },
      'insufficient-funds',
    ],
    [
      'only inscribed coins',
      { utxos: [{ ...multisigCoin(wallet, 0x84, 10_000n), inscribed: true }] },
      'insufficient-funds',
    ],
    [
      'a coin of another wallet',
      { utxos: [multisigCoin(testMultisig(user), 0x84, 10_000n)] },
      'utxo-not-at-payment-address',
    ],
    ['a bad address', { recipientAddress: 'nope' }, 'invalid-address'],
  ])('refuses to build with %s', (_, overrides, code) => {
    expect(() => recover(overrides)).toThrow(expect.objectContaining({ code }));
  });

  const built = recover();
  const edited = (edit: (tx: Transaction) => void) => {
    const tx = Transaction.fromPSBT(signPsbtWithKey(built.psbt, user.key), TRADE_TX_OPTIONS);
    edit(tx);
    return tx.toPSBT();
  };
  it.each<[string, () => Uint8Array, string]>([
    ['an unsigned PSBT', () => built.psbt, 'unsigned-buyer-input'],
    [
      'a signature with SINGLE|ANYONECANPAY',
      () => signPsbtWithKey(withDeclaredSighash(built.psbt, SigHash.SINGLE_ANYONECANPAY), user.key),
      'bad-buyer-sighash',
    ],
    [
      'a signature over another output',
      () => edited((tx) => tx.updateOutput(0, { amount: 1_000n }, true)),
      'bad-buyer-signature',
    ],
    [
      'a sequence below the delay',
      () => edited((tx) => tx.updateInput(0, { sequence: 143 }, true)),
      'inputs-changed',
    ],
    [
      "another wallet's input",
      () =>
        edited((tx) =>
          tx.updateInput(0, { witnessScript: testMultisig(user).witnessScript }, true),
        ),
      'unknown-witness-script',
    ],
  ])('refuses to finalize %s', (_, make, code) => {
    expect(() => finalizeRecovery(make(), wallet)).toThrow(expect.objectContaining({ code }));
  });

  it('refuses a fee rate above the cap', () => {
    const signed = signPsbtWithKey(built.psbt, user.key);
    expect(() => finalizeRecovery(signed, wallet, 1)).toThrow(
      expect.objectContaining({ code: 'fee-too-high' }),
    );
  });
});
