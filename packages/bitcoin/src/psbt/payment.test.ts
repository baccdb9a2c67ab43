import { p2tr, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { xOnlyPublicKey } from '../keys.ts';
import { finalizeSignedPsbt } from './finalize-purchase.ts';
import { buildPaymentPsbt } from './payment.ts';
import {
  coin,
  NETWORK,
  prevoutsOf,
  signAsBuyer,
  testKey,
  testWallet,
  verifyFinalTransaction,
} from './test-fixtures.ts';
import { psbtTxid } from './txid.ts';

const CHARGE = p2tr(xOnlyPublicKey(testKey('charge'))).script;

function pay(
  wallet: ReturnType<typeof testWallet>,
  overrides: Partial<Parameters<typeof buildPaymentPsbt>[0]> = {},
) {
  return buildPaymentPsbt({
    payment: {
      address: wallet.address,
      publicKey: wallet.publicKey,
      utxos: [coin(wallet, 0xa1, 30_000n), coin(wallet, 0xa2, 100_000n)],
    },
    to: CHARGE,
    amount: 50_000n,
    feeRate: 2,
    network: NETWORK,
    ...overrides,
  });
}

describe('buildPaymentPsbt', () => {
  it.each([
    // 10.5 + P2WPKH 68 + P2TR 43 + P2WPKH change 31 = 152.5 → 153 vB at 2 sat/vB.
    ['p2wpkh', 153],
    // 10.5 + P2TR 57.5 + P2TR 43 + P2TR change 43 = 154 vB.
    ['p2tr', 154],
  ] as const)(
    'pays the amount at output 0 from a %s wallet, change at 1, fee exact',
    (type, vsize) => {
      const wallet = testWallet(`payer ${type}`, type);
      const built = pay(wallet);
      const tx = Transaction.fromPSBT(built.psbt);
      expect(tx.inputsLength).toBe(1); // the largest coin pays alone
      expect(tx.getOutput(0)).toMatchObject({ script: CHARGE, amount: 50_000n });
      expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize, fee: BigInt(vsize * 2) });
      expect(tx.getOutput(1)).toMatchObject({
        script: wallet.script,
        amount: 100_000n - 50_000n - BigInt(vsize * 2),
      });
      expect(built.layout).toMatchObject({ payIndex: 0, changeIndex: 1 });
      expect(built.txid).toBe(psbtTxid(built.psbt));

      const final = finalizeSignedPsbt(signAsBuyer(built, wallet), built);
      expect(final.txid).toBe(built.txid);
      expect(final.vsize).toBe(built.vsize);
      expect(verifyFinalTransaction(final.hex, prevoutsOf(built.psbt), [])).toEqual([true]);
    },
  );

  it('leaves a remainder too small for change to the fee', () => {
    const wallet = testWallet('payer exact', 'p2wpkh');
    const utxos = [coin(wallet, 0xb1, 50_300n)];
    const built = pay(wallet, { payment: { ...wallet, utxos } });
    expect(built.layout.changeIndex).toBeUndefined();
    expect(built.fee).toBe(300n);
  });

  it.each<[string, Partial<Parameters<typeof buildPaymentPsbt>[0]>, string]>([
    ['nothing', { amount: 0n }, 'invalid-amount'],
    ['dust', { amount: 100n }, 'dust-output'],
    ['more than the coins', { amount: 200_000n }, 'insufficient-funds'],
    ['a zero fee rate', { feeRate: 0 }, 'invalid-fee-rate'],
  ])('refuses %s', (_, overrides, code) => {
    expect(() => pay(testWallet('payer refused', 'p2wpkh'), overrides)).toThrow(
      expect.objectContaining({ code }),
    );
  });

  it('never spends an inscribed coin', () => {
    const wallet = testWallet('payer inscribed', 'p2tr');
    const utxos = [coin(wallet, 0xc1, 100_000n, 0, true)];
    expect(() => pay(wallet, { payment: { ...wallet, utxos } })).toThrow(
      expect.objectContaining({ code: 'inscribed-utxo-as-payment' }),
    );
  });
});
