import { p2pkh, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { signPsbtWithKey } from '../sign-psbt.ts';
import { buildDelistPsbt } from './delist.ts';
import { finalizeSignedPsbt } from './finalize-purchase.ts';
import { locateSat } from './sat-flow.ts';
import {
  coin,
  inscriptionUtxo,
  NETWORK,
  prevoutsOf,
  testWallet,
  verifyFinalTransaction,
  type TestWallet,
} from './test-fixtures.ts';

const ordinals = testWallet('delist ordinals', 'p2tr');
const nativeOrdinals = testWallet('delist ordinals p2wpkh', 'p2wpkh');
const payment = testWallet('delist payment', 'p2sh-p2wpkh');

function delist(owner: TestWallet, overrides: Partial<Parameters<typeof buildDelistPsbt>[0]> = {}) {
  return buildDelistPsbt({
    inscriptionUtxo: inscriptionUtxo(owner, 0x91, 10_000n, 2_500n),
    sellerPayment: {
      address: payment.address,
      publicKey: payment.publicKey,
      utxos: [coin(payment, 0x92, 30_000n)],
    },
    toAddress: owner.address,
    feeRate: 4,
    network: NETWORK,
    ...overrides,
  });
}

describe('buildDelistPsbt', () => {
  it.each<[string, TestWallet, number]>([
    // 10.5 + inscription input + P2SH-P2WPKH 91 + its output + P2SH change 32.
    ['P2TR', ordinals, 234],
    ['P2WPKH', nativeOrdinals, 233],
  ])('moves a %s inscription back to its owner, paid by the payment coins', (_, owner, vsize) => {
    const built = delist(owner);
    expect(built.vsize).toBe(vsize);
    expect(built.fee).toBe(BigInt(vsize) * 4n);
    expect(built.layout).toMatchObject({
      inscriptionIndex: 0,
      paymentIndices: [1],
      inscriptionOutputIndex: 0,
      changeIndex: 1,
    });
    const tx = Transaction.fromPSBT(built.psbt);
    expect(tx.getOutput(0)).toMatchObject({ script: owner.script, amount: 10_000n });
    expect(tx.getOutput(1).amount).toBe(30_000n - built.fee);

    // The owner signs input 0 with the ordinals key and input 1 with the payment key.
    const signed = signPsbtWithKey(
      signPsbtWithKey(built.psbt, owner.key, { inputs: [0] }),
      payment.key,
      { inputs: [1] },
    );
    const final = finalizeSignedPsbt(signed, built);
    const prevouts = prevoutsOf(built.psbt);
    expect(verifyFinalTransaction(final.hex, prevouts, [])).toEqual([true, true]);
    expect(
      locateSat(
        prevouts.map((p) => p.amount),
        [10_000n, 30_000n - built.fee],
        0,
        2_500n,
      ),
    ).toEqual({ vout: 0, offset: 2_500n });
  });

  it.each<[string, Partial<Parameters<typeof buildDelistPsbt>[0]>, string]>([
    [
      'no payment coins',
      { sellerPayment: { address: payment.address, publicKey: payment.publicKey, utxos: [] } },
      'insufficient-funds',
    ],
    [
      'an inscribed payment coin',
      {
        sellerPayment: {
          address: payment.address,
          publicKey: payment.publicKey,
          utxos: [coin(payment, 0x92, 30_000n, 0, true)],
        },
      },
      'inscribed-utxo-as-payment',
    ],
    [
      'a P2PKH inscription',
      {
        inscriptionUtxo: {
          ...inscriptionUtxo(ordinals, 0x91),
          script: p2pkh(ordinals.publicKey).script,
          publicKey: undefined,
        },
      },
      'unsupported-seller-script',
    ],
    [
      'another key for the inscription',
      { inscriptionUtxo: { ...inscriptionUtxo(ordinals, 0x91), publicKey: payment.publicKey } },
      'key-mismatch',
    ],
    [
      'an inscription UTXO that is dust at the new address',
      {
        inscriptionUtxo: inscriptionUtxo(ordinals, 0x91, 330n),
        toAddress: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
      },
      'dust-output',
    ],
    [
      'the inscription as its own fee',
      {
        sellerPayment: {
          address: ordinals.address,
          publicKey: ordinals.publicKey,
          utxos: [coin(ordinals, 0x91, 10_000n)],
        },
      },
      'duplicate-input',
    ],
    ['a fee rate above the cap', { feeRate: 600 }, 'fee-rate-too-high'],
  ])('refuses %s', (_, overrides, code) => {
    expect(() => delist(ordinals, overrides)).toThrow(expect.objectContaining({ code }));
  });
});
