import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
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
import { buildMultisigWithdrawal } from './withdrawal.ts';

const user = testWallet('withdrawal user', 'p2wpkh');
const recipient = testWallet('withdrawal recipient', 'p2tr');
const wallet = testMultisig(user);
const coins = [
  multisigCoin(wallet, 0xd1, 30_000n),
  multisigCoin(wallet, 0xd2, 20_000n),
  multisigCoin(wallet, 0xd3, 600n),
];

function withdraw(overrides: Partial<Parameters<typeof buildMultisigWithdrawal>[0]> = {}) {
  return buildMultisigWithdrawal({
    wallet,
    utxos: coins,
    recipientAddress: recipient.address,
    amount: 40_000n,
    feeRate: 3,
    network: NETWORK,
    ...overrides,
  });
}

describe('buildMultisigWithdrawal', () => {
  it('pays the amount from the largest coins, fee from the wallet, change back to it', () => {
    const built = withdraw();
    // 10.5 + 2 × 97.25 + P2TR 43 + P2WSH change 43 = 291 vB.
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize: 291, fee: 873n });
    const tx = Transaction.fromPSBT(built.psbt);
    expect(tx.getOutput(0)).toMatchObject({ script: recipient.script, amount: 40_000n });
    expect(tx.getOutput(1)).toMatchObject({ script: wallet.script, amount: 10_000n - 873n });
    expect(built.layout).toMatchObject({ recipientIndex: 0, changeIndex: 1 });
    expect(built.layout.inputs.map((r) => r.witness)).toEqual(['cosigned-psbt', 'cosigned-psbt']);
    expect(built.spent.map((c) => c.value)).toEqual([30_000n, 20_000n]);
    for (const i of [0, 1]) expect(tx.getInput(i).witnessScript).toEqual(wallet.witnessScript);

    const final = finalizeSignedPsbt(signAsBuyer(built, user), built, [], {
      cosigner: testCosigner,
    });
    const prevouts = prevoutsOf(built.psbt);
    expect(verifyFinalTransaction(final.hex, prevouts, [])).toEqual([true, true]);
    expect(final).toMatchObject({ txid: built.txid, fee: 873n });
  });

  it('needs the platform: without a cosigner (or with a wrong one) nothing is finalized', () => {
    const built = withdraw();
    const signed = signAsBuyer(built, user);
    const missing = expect.objectContaining({ code: 'missing-cosigner', index: 0 });
    expect(() => finalizeSignedPsbt(signed, built)).toThrow(missing);
    const wrong = { cosigner: () => testMultisig(user, 'maker').platformKey };
    expect(() => finalizeSignedPsbt(signed, built, [], wrong)).toThrow(missing);
    const none = { cosigner: () => undefined };
    expect(() => finalizeSignedPsbt(signed, built, [], none)).toThrow(missing);
  });

  it.each<[string, Partial<Parameters<typeof buildMultisigWithdrawal>[0]>, string]>([
    ['more than the coins hold with the fee', { amount: 50_000n }, 'insufficient-funds'],
    ['a dust amount', { amount: 329n }, 'dust-output'],
    ['nothing', { amount: 0n }, 'invalid-amount'],
    ['a bad address', { recipientAddress: 'bc1qnope' }, 'invalid-address'],
    [
      'an inscribed coin',
      { utxos: [multisigCoin(wallet, 0xd4, 90_000n, 0, true)] },
      'inscribed-utxo-as-payment',
    ],
    [
      'a foreign wallet',
      { wallet: { ...wallet, witnessScript: testMultisig(recipient).witnessScript } },
      'unknown-witness-script',
    ],
  ])('refuses %s', (_, overrides, code) => {
    expect(() => withdraw(overrides)).toThrow(expect.objectContaining({ code }));
  });
});
