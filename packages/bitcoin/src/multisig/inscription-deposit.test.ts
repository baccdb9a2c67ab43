import { p2pkh, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { signPsbtWithKey } from '../sign-psbt.ts';
import { finalizeSignedPsbt } from '../psbt/finalize-purchase.ts';
import { psbtTxid } from '../psbt/txid.ts';
import { locateSat } from '../psbt/sat-flow.ts';
import {
  coin,
  inscriptionUtxo,
  NETWORK,
  prevoutsOf,
  testMultisig,
  testWallet,
  verifyFinalTransaction,
} from '../psbt/test-fixtures.ts';
import { buildInscriptionDeposit } from './inscription-deposit.ts';

const ordinals = testWallet('deposit ordinals', 'p2tr');
const nativeOrdinals = testWallet('deposit ordinals p2wpkh', 'p2wpkh');
const payment = testWallet('deposit payment p2wpkh', 'p2wpkh');
const maker = testMultisig(payment, 'maker');

function depositOf(overrides: Partial<Parameters<typeof buildInscriptionDeposit>[0]> = {}) {
  return buildInscriptionDeposit({
    inscriptionUtxos: [
      inscriptionUtxo(ordinals, 0xf1, 10_000n, 2_500n),
      inscriptionUtxo(nativeOrdinals, 0xf2, 546n),
    ],
    payment: {
      address: payment.address,
      publicKey: payment.publicKey,
      utxos: [coin(payment, 0xf3, 30_000n)],
    },
    to: maker,
    feeRate: 5,
    network: NETWORK,
    ...overrides,
  });
}

describe('buildInscriptionDeposit', () => {
  it('moves each inscription UTXO whole into the maker wallet, input i to output i', () => {
    const built = depositOf();
    // 10.5 + P2TR 57.5 + P2WPKH 68 + payment 68 + 2 P2WSH 86 + change 31 = 321 vB.
    expect({ vsize: built.vsize, fee: built.fee }).toEqual({ vsize: 321, fee: 1_605n });
    const tx = Transaction.fromPSBT(built.psbt);
    expect(tx.getOutput(0)).toMatchObject({ script: maker.script, amount: 10_000n });
    expect(tx.getOutput(1)).toMatchObject({ script: maker.script, amount: 546n });
    expect(tx.getOutput(2)).toMatchObject({ script: payment.script, amount: 30_000n - 1_605n });
    expect(built.layout).toMatchObject({
      inscriptionIndices: [0, 1],
      paymentIndices: [2],
      changeIndex: 2,
    });
    expect(built.layout.inputs.map((r) => [r.kind, r.sighash, r.witness])).toEqual([
      ['inscription', 0, 'signed-psbt'],
      ['inscription', 1, 'signed-psbt'],
      ['payment', 1, 'signed-psbt'],
    ]);
    expect(built.deposited).toEqual([
      { txid: built.txid, vout: 0, value: 10_000n, script: maker.script },
      { txid: built.txid, vout: 1, value: 546n, script: maker.script },
    ]);
    // What a chained next deposit spends, without parsing this one: its change, not its coins.
    expect(built.txid).toBe(psbtTxid(built.psbt));
    expect(built.spent).toEqual([coin(payment, 0xf3, 30_000n)]);
    expect(built.change).toEqual({
      txid: built.txid,
      vout: 2,
      value: 30_000n - 1_605n,
      script: payment.script,
      inscribed: false,
    });
    const values = prevoutsOf(built.psbt).map((p) => p.amount);
    const outputs = [10_000n, 546n, 30_000n - 1_605n];
    expect(locateSat(values, outputs, 0, 2_500n)).toEqual({ vout: 0, offset: 2_500n });
    expect(locateSat(values, outputs, 1, 0n)).toEqual({ vout: 1, offset: 0n });

    // Each key signs its inputs (ALL, DEFAULT for taproot); no platform signature is needed.
    let signed = signPsbtWithKey(built.psbt, ordinals.key, { inputs: [0] });
    signed = signPsbtWithKey(signed, nativeOrdinals.key, { inputs: [1] });
    signed = signPsbtWithKey(signed, payment.key, { inputs: [2] });
    const final = finalizeSignedPsbt(signed, built);
    expect(final.txid).toBe(built.txid);
    expect(verifyFinalTransaction(final.hex, prevoutsOf(built.psbt), [])).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('knows its txid before signing, with a nested SegWit payment (its scriptSig counts)', () => {
    const nested = testWallet('deposit payment p2sh-p2wpkh', 'p2sh-p2wpkh');
    const built = depositOf({
      inscriptionUtxos: [inscriptionUtxo(ordinals, 0xf1, 10_000n)],
      payment: {
        address: nested.address,
        publicKey: nested.publicKey,
        utxos: [coin(nested, 0xf5, 30_000n)],
      },
    });
    expect(built.txid).toBe(psbtTxid(built.psbt));
    let signed = signPsbtWithKey(built.psbt, ordinals.key, { inputs: [0] });
    signed = signPsbtWithKey(signed, nested.key, { inputs: [1] });
    expect(finalizeSignedPsbt(signed, built).txid).toBe(built.txid);
    expect(built.change).toMatchObject({ txid: built.txid, vout: 1, script: nested.script });
  });

  const p2pkhInscription = {
    ...inscriptionUtxo(nativeOrdinals, 0xf4),
    script: p2pkh(nativeOrdinals.publicKey).script,
  };
  it.each<[string, Partial<Parameters<typeof buildInscriptionDeposit>[0]>, string]>([
    ['nothing', { inscriptionUtxos: [] }, 'invalid-amount'],
    ['a P2PKH inscription', { inscriptionUtxos: [p2pkhInscription] }, 'unsupported-seller-script'],
    [
      'another key',
      { inscriptionUtxos: [{ ...inscriptionUtxo(ordinals, 0xf1), publicKey: payment.publicKey }] },
      'key-mismatch',
    ],
    [
      'an inscription UTXO below the P2WSH dust limit',
      { inscriptionUtxos: [inscriptionUtxo(ordinals, 0xf1, 329n)] },
      'dust-output',
    ],
    [
      'no payment coins',
      { payment: { address: payment.address, publicKey: payment.publicKey, utxos: [] } },
      'insufficient-funds',
    ],
    [
      'the inscription as fee',
      {
        inscriptionUtxos: [{ ...coin(payment, 0xf3, 30_000n), publicKey: payment.publicKey }],
      },
      'duplicate-input',
    ],
    [
      'a foreign maker wallet',
      { to: { ...maker, address: testMultisig(ordinals).address } },
      'unknown-witness-script',
    ],
  ])('refuses %s', (_, overrides, code) => {
    expect(() => depositOf(overrides)).toThrow(expect.objectContaining({ code }));
  });
});
