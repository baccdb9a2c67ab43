import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../bytes.ts';
import { finalizeSignedPsbt } from '../psbt/finalize-purchase.ts';
import {
  coin,
  multisigCoin,
  NETWORK,
  prevoutsOf,
  signAsBuyer,
  testCosigner,
  testMultisig,
  testWallet,
  verifyFinalTransaction,
} from '../psbt/test-fixtures.ts';
import { buildInscriptionWithdrawal } from './inscription-withdrawal.ts';

const payment = testWallet('withdraw inscriptions payment', 'p2tr');
const maker = testMultisig(payment, 'maker');
const first = testWallet('withdraw inscriptions first', 'p2tr');
const second = testWallet('withdraw inscriptions second', 'p2wpkh');
const items = [
  { utxo: multisigCoin(maker, 0x71, 10_000n), recipientAddress: first.address },
  { utxo: multisigCoin(maker, 0x72, 546n, 1), recipientAddress: second.address },
];

function withdraw(overrides: Partial<Parameters<typeof buildInscriptionWithdrawal>[0]> = {}) {
  return buildInscriptionWithdrawal({
    wallet: maker,
    items,
    payment: {
      address: payment.address,
      publicKey: payment.publicKey,
      utxos: [coin(payment, 0x73, 20_000n)],
    },
    feeRate: 4,
    network: NETWORK,
    ...overrides,
  });
}

describe('buildInscriptionWithdrawal', () => {
  it('sends each maker-wallet UTXO whole to its recipient, the fee from the payment coins', () => {
    const built = withdraw();
    // 10.5 + 2 × 97.25 + P2TR 57.5 + P2TR 43 + P2WPKH 31 + change P2TR 43 = 379.5 → 380 vB.
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize: 380, fee: 1_520n });
    const tx = Transaction.fromPSBT(built.psbt);
    expect(tx.getOutput(0)).toMatchObject({ script: first.script, amount: 10_000n });
    expect(tx.getOutput(1)).toMatchObject({ script: second.script, amount: 546n });
    expect(tx.getOutput(2)).toMatchObject({ script: payment.script, amount: 20_000n - 1_520n });
    expect(built.layout.inputs.map((r) => [r.kind, r.sighash, r.witness])).toEqual([
      ['inscription', 1, 'cosigned-psbt'],
      ['inscription', 1, 'cosigned-psbt'],
      ['payment', 0, 'signed-psbt'],
    ]);
    expect(built.layout).toMatchObject({
      inscriptionIndices: [0, 1],
      paymentIndices: [2],
      changeIndex: 2,
    });

    const final = finalizeSignedPsbt(signAsBuyer(built, payment), built, [], {
      cosigner: testCosigner,
    });
    const prevouts = prevoutsOf(built.psbt);
    expect(verifyFinalTransaction(final.hex, prevouts, [])).toEqual([true, true, true]);
    const raw = Transaction.fromRaw(hexToBytes(final.hex), { allowUnknownInputs: true });
    expect(raw.getInput(0).finalScriptWitness).toHaveLength(3);
    expect(raw.getInput(2).finalScriptWitness).toHaveLength(1);
  });

  it.each<[string, Partial<Parameters<typeof buildInscriptionWithdrawal>[0]>, string]>([
    ['nothing', { items: [] }, 'invalid-amount'],
    [
      'a UTXO outside the maker wallet',
      { items: [{ utxo: coin(payment, 0x74, 10_000n), recipientAddress: first.address }] },
      'utxo-not-at-payment-address',
    ],
    [
      'a UTXO that is dust at its recipient',
      {
        items: [
          {
            utxo: multisigCoin(maker, 0x75, 300n),
            recipientAddress: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
          },
        ],
      },
      'dust-output',
    ],
    ['a UTXO twice', { items: [items[0]!, items[0]!] }, 'duplicate-input'],
    [
      'no payment coins',
      { payment: { address: payment.address, publicKey: payment.publicKey, utxos: [] } },
      'insufficient-funds',
    ],
  ])('refuses %s', (_, overrides, code) => {
    expect(() => withdraw(overrides)).toThrow(expect.objectContaining({ code }));
  });
});
