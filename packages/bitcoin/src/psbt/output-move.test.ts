import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { multisigFields } from '../multisig/wallet-tx.ts';
import { multisigInputRole, walletInputRole } from './input-role.ts';
import { buildOutputMove, checkedPaymentWallet, type MovedOutput } from './output-move.ts';
import {
  coin,
  inscriptionUtxo,
  multisigCoin,
  NETWORK,
  testMultisig,
  testWallet,
} from './test-fixtures.ts';
import { keySpendFields, type WalletUtxo } from './utxo.ts';

const owner = testWallet('move owner', 'p2tr');
const maker = testMultisig(owner, 'maker');
const payment = testWallet('move payment', 'p2wpkh');
const first = testWallet('move first', 'p2wpkh');
const second = testWallet('move second', 'p2tr');

const keyUtxo = inscriptionUtxo(owner, 0x61, 10_000n);
const moves: MovedOutput[] = [
  {
    utxo: keyUtxo,
    fields: keySpendFields(keyUtxo.script, owner.publicKey),
    type: 'p2tr',
    role: walletInputRole('inscription', 'owner', 'p2tr'),
    script: first.script,
  },
  {
    utxo: multisigCoin(maker, 0x62, 546n, 3),
    fields: multisigFields(maker),
    type: 'p2wsh-multisig',
    role: multisigInputRole('inscription', 'owner'),
    script: second.script,
  },
];

function move(coins: readonly WalletUtxo[], feeRate = 2) {
  const wallet = checkedPaymentWallet(
    { address: payment.address, publicKey: payment.publicKey, utxos: coins },
    NETWORK,
    moves.map(({ utxo }) => utxo),
  );
  return buildOutputMove({ moves, wallet, coins, signer: 'owner', feeRate });
}

describe('buildOutputMove', () => {
  it('spends each output whole to output i, the fee from the largest payment coins', () => {
    const small = coin(payment, 0x63, 1_000n);
    const large = coin(payment, 0x64, 20_000n);
    const built = move([small, large]);
    // 10.5 + P2TR 57.5 + multisig 97.25 + P2WPKH 68 + P2WPKH 31 + P2TR 43 + change 31 = 339 vB.
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize: 339, fee: 678n });
    expect(built.spent).toEqual([large]);
    expect(built.paymentIndices).toEqual([2]);
    expect(built.changeIndex).toBe(2);
    expect(built.inputs).toEqual([
      moves[0]!.role,
      moves[1]!.role,
      walletInputRole('payment', 'owner', 'p2wpkh'),
    ]);

    const tx = Transaction.fromPSBT(built.psbt);
    expect({ version: tx.version, lockTime: tx.lockTime }).toEqual({ version: 2, lockTime: 0 });
    expect(tx.getInput(0)).toMatchObject({ index: 0, tapInternalKey: expect.any(Uint8Array) });
    expect(tx.getInput(1)).toMatchObject({ index: 3, witnessScript: maker.witnessScript });
    expect(tx.getOutput(0)).toMatchObject({ script: first.script, amount: 10_000n });
    expect(tx.getOutput(1)).toMatchObject({ script: second.script, amount: 546n });
    expect(tx.getOutput(2)).toMatchObject({ script: payment.script, amount: 20_000n - 678n });
  });

  it('gives a remainder below the change floor to the fee', () => {
    // Without change 307.25 → 308 vB, 616 sats; with it 678, which would leave 322 < 546.
    const built = move([coin(payment, 0x63, 1_000n)]);
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize: 308, fee: 1_000n });
    expect(built.changeIndex).toBeUndefined();
    expect(Transaction.fromPSBT(built.psbt).outputsLength).toBe(2);
  });

  it.each<[string, WalletUtxo[], string]>([
    ['no payment coins', [], 'insufficient-funds'],
    [
      'an inscribed payment coin',
      [coin(payment, 0x63, 9_000n, 0, true)],
      'inscribed-utxo-as-payment',
    ],
    ['a coin of another address', [coin(first, 0x63, 9_000n)], 'utxo-not-at-payment-address'],
    ['a moved output as fee', [coin(payment, 0x62, 9_000n, 3)], 'duplicate-input'],
  ])('refuses %s', (_, coins, code) => {
    expect(() => move(coins)).toThrow(expect.objectContaining({ code }));
  });
});
