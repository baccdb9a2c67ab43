import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../bytes.ts';
import { finalizeSignedPsbt } from '../psbt/finalize-purchase.ts';
import {
  multisigCoin,
  NETWORK,
  prevoutsOf,
  signAsBuyer,
  testCosigner,
  testMultisig,
  testWallet,
  verifyFinalTransaction,
} from '../psbt/test-fixtures.ts';
import { psbtTxid } from '../psbt/txid.ts';
import { buildMultisigPaddingSetup } from './padding-setup.ts';

const user = testWallet('multisig padding user', 'p2wpkh');
const wallet = testMultisig(user);
const coins = [multisigCoin(wallet, 0xc1, 20_000n), multisigCoin(wallet, 0xc2, 5_000n)];

function setup(overrides: Partial<Parameters<typeof buildMultisigPaddingSetup>[0]> = {}) {
  return buildMultisigPaddingSetup({
    wallet,
    utxos: coins,
    count: 3,
    feeRate: 2,
    network: NETWORK,
    ...overrides,
  });
}

describe('buildMultisigPaddingSetup', () => {
  it('splits the largest coin into paddings at the multisig address, change back to it', () => {
    const built = setup();
    // 10.5 + 97.25 + 4 P2WSH outputs of 43: 279.75 → 280 vB.
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize: 280, fee: 560n });
    const tx = Transaction.fromPSBT(built.psbt);
    expect({ version: tx.version, lockTime: tx.lockTime }).toEqual({ version: 2, lockTime: 0 });
    expect(tx.inputsLength).toBe(1);
    const input = tx.getInput(0);
    expect(input.witnessScript).toEqual(wallet.witnessScript);
    expect(input.witnessUtxo).toEqual({ script: wallet.script, amount: 20_000n });
    expect(input.sequence).toBe(0xffffffff);
    const outputs = Array.from({ length: tx.outputsLength }, (_, i) => tx.getOutput(i));
    expect(outputs.map((o) => o.amount)).toEqual([600n, 600n, 600n, 20_000n - 1_800n - 560n]);
    for (const output of outputs) expect(output.script).toEqual(wallet.script);
    expect(built.layout).toEqual({
      inputs: [{ kind: 'payment', signer: 'owner', sighash: 1, witness: 'cosigned-psbt' }],
      paddingOutputIndices: [0, 1, 2],
      changeIndex: 3,
    });
    expect(built.paddingUtxos.map((u) => [u.txid, u.vout, u.value])).toEqual(
      [0, 1, 2].map((vout) => [built.txid, vout, 600n]),
    );
    expect(built.changeUtxo).toMatchObject({ vout: 3, value: 17_640n, script: wallet.script });
  });

  it('is finished with the user signature and the platform one, into valid witnesses', () => {
    const built = setup({ count: 10, value: 1_000n, utxos: coins });
    const final = finalizeSignedPsbt(signAsBuyer(built, user), built, [], {
      cosigner: testCosigner,
    });
    expect(final.txid).toBe(built.txid);
    expect(final.txid).toBe(psbtTxid(built.psbt));
    const prevouts = prevoutsOf(built.psbt);
    expect(verifyFinalTransaction(final.hex, prevouts, [])).toEqual(prevouts.map(() => true));
    const witness = Transaction.fromRaw(hexToBytes(final.hex), {
      allowUnknownInputs: true,
    }).getInput(0).finalScriptWitness;
    expect(witness?.[2]).toEqual(wallet.witnessScript);
    expect(final.vsize).toBeLessThanOrEqual(built.vsize);
    expect(final.vsize).toBeGreaterThanOrEqual(built.vsize - 2);
  });

  it('gives the remainder to the fee when change would be below the floor', () => {
    const built = setup({ utxos: [multisigCoin(wallet, 0xc3, 2_700n)] });
    expect(built.layout.changeIndex).toBeUndefined();
    expect(built.fee).toBe(900n);
  });

  it.each<[string, Partial<Parameters<typeof buildMultisigPaddingSetup>[0]>, string]>([
    ['no padding', { count: 0 }, 'invalid-amount'],
    ['eleven paddings', { count: 11 }, 'invalid-amount'],
    ['dust paddings', { value: 300n }, 'dust-output'],
    ['too few coins', { utxos: [multisigCoin(wallet, 0xc3, 2_000n)] }, 'insufficient-funds'],
    [
      'an inscribed coin',
      { utxos: [multisigCoin(wallet, 0xc3, 20_000n, 0, true)] },
      'inscribed-utxo-as-payment',
    ],
    [
      "another wallet's coin",
      { utxos: [multisigCoin(testMultisig(user, 'maker'), 0xc3, 20_000n)] },
      'utxo-not-at-payment-address',
    ],
    ['a coin spent twice', { utxos: [coins[0]!, coins[0]!] }, 'duplicate-input'],
    ['a wallet of another network', { network: 'mainnet' }, 'unknown-witness-script'],
    ['a fee rate above the cap', { feeRate: 501 }, 'fee-rate-too-high'],
  ])('refuses %s', (_, overrides, code) => {
    expect(() => setup(overrides)).toThrow(expect.objectContaining({ code }));
  });
});
