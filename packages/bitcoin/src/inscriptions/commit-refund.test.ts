import { schnorr } from '@noble/curves/secp256k1.js';
import { SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../bytes.ts';
import { p2wpkhAddress, compressedPublicKey } from '../keys.ts';
import { feeFor } from '../psbt/fees.ts';
import { buildCommitRefund } from './commit-refund.ts';
import { deriveEditionOrderKey, editionCommit } from './edition-reveal.ts';

const privateKey = deriveEditionOrderKey(new Uint8Array(32).fill(7), 'order-1');
const commit = editionCommit({
  privateKey,
  originalId: `${'cd'.repeat(32)}i0`,
  count: 3,
  postage: 546n,
  network: 'regtest',
});
const BUYER = p2wpkhAddress(compressedPublicKey(new Uint8Array(32).fill(9)), 'regtest');
const coin = (byte: number, value: bigint) => ({
  txid: byte.toString(16).padStart(64, '0'),
  vout: 1,
  value,
});

describe('buildCommitRefund', () => {
  it('sends every coin back by key path, less the fee of its exact vsize', () => {
    const coins = [coin(1, 20_000n), coin(2, 5_000n)];
    const refund = buildCommitRefund({
      commit,
      privateKey,
      coins,
      to: BUYER,
      feeRate: 3,
      network: 'regtest',
    });
    const tx = Transaction.fromRaw(hexToBytes(refund.hex));
    expect(tx.outputsLength).toBe(1);
    expect(tx.getOutput(0).amount).toBe(25_000n - feeFor(refund.vsize, 3));
    expect(refund.fee).toBe(feeFor(refund.vsize, 3));
    // Each witness is one Schnorr signature (no envelope) valid for the tweaked output key.
    const outputKey = commit.script.subarray(2);
    const scripts = coins.map(() => commit.script);
    const amounts = coins.map((c) => c.value);
    for (let i = 0; i < coins.length; i++) {
      const witness = tx.getInput(i).finalScriptWitness ?? [];
      expect(witness).toHaveLength(1);
      const digest = tx.preimageWitnessV1(i, scripts, SigHash.DEFAULT, amounts);
      expect(schnorr.verify(witness[0]!, digest, outputKey)).toBe(true);
    }
  });

  it('refuses coins too small to pay their own fee and a spendable output', () => {
    expect(() =>
      buildCommitRefund({
        commit,
        privateKey,
        coins: [coin(1, 600n)],
        to: BUYER,
        feeRate: 5,
        network: 'regtest',
      }),
    ).toThrow(expect.objectContaining({ code: 'dust-output' }));
  });

  it('refuses another key, no coins, or an address of another network', () => {
    const other = new Uint8Array(32).fill(3);
    const coins = [coin(1, 20_000n)];
    const base = { commit, privateKey, coins, to: BUYER, feeRate: 2, network: 'regtest' as const };
    expect(() => buildCommitRefund({ ...base, privateKey: other })).toThrow(
      expect.objectContaining({ code: 'key-mismatch' }),
    );
    expect(() => buildCommitRefund({ ...base, coins: [] })).toThrow(
      expect.objectContaining({ code: 'no-inputs' }),
    );
    const mainnet = p2wpkhAddress(compressedPublicKey(new Uint8Array(32).fill(9)), 'mainnet');
    expect(() => buildCommitRefund({ ...base, to: mainnet })).toThrow(
      expect.objectContaining({ code: 'invalid-address' }),
    );
  });
});
