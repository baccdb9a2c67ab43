import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { finalizeSignedPsbt } from '../psbt/finalize-purchase.ts';
import {
  coin,
  NETWORK,
  prevoutsOf,
  signAsBuyer,
  testMultisig,
  testWallet,
  verifyFinalTransaction,
} from '../psbt/test-fixtures.ts';
import { psbtTxid } from '../psbt/txid.ts';
import { buildMultisigDeposit } from './deposit.ts';

const payment = testWallet('deposit payment', 'p2sh-p2wpkh');
const wallet = testMultisig(payment);

function deposit(overrides: Partial<Parameters<typeof buildMultisigDeposit>[0]> = {}) {
  return buildMultisigDeposit({
    payment: {
      address: payment.address,
      publicKey: payment.publicKey,
      utxos: [coin(payment, 0xe1, 100_000n)],
    },
    to: wallet,
    amount: 80_003n,
    count: 8,
    feeRate: 1,
    network: NETWORK,
    ...overrides,
  });
}

describe('buildMultisigDeposit', () => {
  it('splits the amount into equal coins at the multisig address, the remainder on the last', () => {
    const built = deposit();
    const tx = Transaction.fromPSBT(built.psbt);
    const values = built.deposited.map((d) => d.value);
    expect(values).toEqual([...Array.from({ length: 7 }, () => 10_000n), 10_003n]);
    for (const [vout, value] of values.entries()) {
      expect(tx.getOutput(vout)).toMatchObject({ script: wallet.script, amount: value });
    }
    // 10.5 + P2SH-P2WPKH 91 + 8 × 43 + P2SH change 32 = 477.5 → 478 vB.
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize: 478, fee: 478n });
    expect(tx.getOutput(8)).toMatchObject({ script: payment.script, amount: 19_997n - 478n });
    expect(built.txid).toBe(psbtTxid(built.psbt));
    expect(built.deposited[0]).toMatchObject({ txid: built.txid, vout: 0, inscribed: false });

    const final = finalizeSignedPsbt(signAsBuyer(built, payment), built);
    expect(final.txid).toBe(built.txid);
    expect(verifyFinalTransaction(final.hex, prevoutsOf(built.psbt), [])).toEqual([true]);
  });

  it.each<[string, Partial<Parameters<typeof buildMultisigDeposit>[0]>, string]>([
    ['nothing', { amount: 0n }, 'invalid-amount'],
    ['no coin', { count: 0 }, 'invalid-amount'],
    ['dust coins', { amount: 2_000n, count: 8 }, 'dust-output'],
    ['more than the payment coins', { amount: 100_000n }, 'insufficient-funds'],
  ])('refuses %s', (_, overrides, code) => {
    expect(() => deposit(overrides)).toThrow(expect.objectContaining({ code }));
  });
});
