import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../bytes.ts';
import { compressedPublicKey, p2trAddress, p2wpkhAddress, xOnlyPublicKey } from '../keys.ts';
import { feeFor } from '../psbt/fees.ts';
import { decodeText, parseEnvelopes } from './envelope.ts';
import {
  buildChargeRefund,
  buildInscribeCommit,
  buildInscribeReveal,
  deriveOrderKey,
  planInscribeOrder,
} from './inscribe-order.ts';

const SECRET = new Uint8Array(32).fill(0x11);
const key = deriveOrderKey(SECRET, 'inscribe-order', 'order-1');
const RECEIVER = p2trAddress(xOnlyPublicKey(new Uint8Array(32).fill(2)), 'regtest');
const PAYER = p2wpkhAddress(compressedPublicKey(new Uint8Array(32).fill(3)), 'regtest');
const FEE_ADDRESS = p2trAddress(xOnlyPublicKey(new Uint8Array(32).fill(4)), 'regtest');
const mint = (amt: string) =>
  utf8ToBytes(`{"p":"brc-20","op":"mint","tick":"ordi","amt":"${amt}"}`);
const files = ['1', '2', '3'].map((amt) => ({
  contentType: 'text/plain;charset=utf-8',
  body: mint(amt),
}));
const plan = planInscribeOrder({
  privateKey: key,
  files,
  receiveAddress: RECEIVER,
  postage: 546n,
  feeRate: 3,
  serviceFee: { address: FEE_ADDRESS, value: 3000n },
  network: 'regtest',
});
const coin = (value: bigint, byte = 1) => ({
  txid: bytesToHex(new Uint8Array(32).fill(byte)),
  vout: 0,
  value,
});

describe('deriveOrderKey', () => {
  it('keeps the edition derivation for "edition-order" and differs per purpose and order', () => {
    // The edition vector of edition-reveal.test.ts.
    const edition = deriveOrderKey(SECRET, 'edition-order', '00000000-0000-4000-8000-000000000001');
    expect(bytesToHex(edition)).toBe(
      '44241729fd90b7df275951cd05b2af16f504bd7109d7831c65a323b39f4b5200',
    );
    expect(bytesToHex(key)).not.toBe(
      bytesToHex(deriveOrderKey(SECRET, 'inscribe-order', 'order-2')),
    );
    expect(() => deriveOrderKey(new Uint8Array(31), 'x', 'y')).toThrow('32 bytes');
  });
});

describe('an inscription order', () => {
  it('prices exactly what its commit and reveals pay', () => {
    expect(plan.postage).toBe(3n * 546n);
    expect(plan.amount).toBe(plan.chainFee + plan.postage + 3000n);
    const commit = buildInscribeCommit({
      plan,
      privateKey: key,
      coins: [coin(plan.amount)],
      feeRate: 3,
      change: PAYER,
      network: 'regtest',
    });
    expect(commit.vsize).toBe(plan.commitVsize);
    expect(commit.fee).toBe(plan.commitFee);
    expect(commit.change).toBe(0n);
    const tx = Transaction.fromRaw(hexToBytes(commit.hex));
    expect(tx.outputsLength).toBe(4);
    expect(tx.getOutput(3).amount).toBe(3000n);
    let fees = commit.fee;
    for (const [index, file] of files.entries()) {
      const reveal = buildInscribeReveal({
        plan,
        index,
        privateKey: key,
        commitTxid: commit.txid,
        receiveAddress: RECEIVER,
        postage: 546n,
        network: 'regtest',
      });
      fees += reveal.fee;
      expect(reveal.fee).toBe(feeFor(reveal.vsize, 3));
      const revealTx = Transaction.fromRaw(hexToBytes(reveal.hex));
      expect(revealTx.inputsLength).toBe(1);
      expect(revealTx.getInput(0).index).toBe(index);
      expect(revealTx.getOutput(0).amount).toBe(546n);
      // One envelope, input 0, no pointer: ord's first (uncursed) inscription of the reveal.
      const envelopes = parseEnvelopes([revealTx.getInput(0).finalScriptWitness ?? []]);
      expect(envelopes).toHaveLength(1);
      expect(envelopes[0]?.fields.pointer).toBeUndefined();
      expect(decodeText(envelopes[0]?.fields.body ?? new Uint8Array())).toBe(decodeText(file.body));
    }
    expect(fees).toBe(plan.chainFee);
  });

  it('builds the commit and a reveal unsigned with the txids, fees and sizes they have signed', () => {
    const terms = {
      plan,
      privateKey: key,
      coins: [coin(plan.amount + 10_000n)],
      feeRate: 3,
      change: PAYER,
      network: 'regtest' as const,
    };
    const signed = buildInscribeCommit(terms);
    const unsigned = buildInscribeCommit({ ...terms, sign: false });
    expect(unsigned.hex).toBe('');
    expect([unsigned.txid, unsigned.fee, unsigned.vsize, unsigned.change]).toEqual([
      signed.txid,
      signed.fee,
      signed.vsize,
      signed.change,
    ]);
    const reveal = {
      plan,
      index: 1,
      privateKey: key,
      commitTxid: signed.txid,
      receiveAddress: RECEIVER,
      postage: 546n,
      network: 'regtest' as const,
    };
    const signedReveal = buildInscribeReveal(reveal);
    const unsignedReveal = buildInscribeReveal({ ...reveal, sign: false });
    expect([unsignedReveal.txid, unsignedReveal.fee, unsignedReveal.vsize]).toEqual([
      signedReveal.txid,
      signedReveal.fee,
      signedReveal.vsize,
    ]);
  });

  it('sends an excess worth an output back, leaves a smaller one to the miner', () => {
    const big = buildInscribeCommit({
      plan,
      privateKey: key,
      coins: [coin(plan.amount + 10_000n)],
      feeRate: 3,
      change: PAYER,
      network: 'regtest',
    });
    expect(big.change).toBe(10_000n - (big.fee - plan.commitFee));
    const small = buildInscribeCommit({
      plan,
      privateKey: key,
      coins: [coin(plan.amount + 100n)],
      feeRate: 3,
      change: PAYER,
      network: 'regtest',
    });
    expect(small.change).toBe(0n);
    expect(small.fee).toBe(plan.commitFee + 100n);
  });

  it('refuses a payment short of the price, or split so that its fee is not covered', () => {
    const build = (coins: { txid: string; vout: number; value: bigint }[]) =>
      buildInscribeCommit({
        plan,
        privateKey: key,
        coins,
        feeRate: 3,
        change: PAYER,
        network: 'regtest',
      });
    expect(() => build([coin(plan.amount - 1n)])).toThrow(/holds/);
    expect(() => build([coin(plan.amount - 1000n), coin(1000n, 2)])).toThrow(/holds/);
  });

  it('refunds every charge coin to the payer by key path', () => {
    const refund = buildChargeRefund({
      privateKey: key,
      coins: [coin(5000n), coin(7000n, 2)],
      to: PAYER,
      feeRate: 2,
      network: 'regtest',
    });
    const tx = Transaction.fromRaw(hexToBytes(refund.hex));
    expect(tx.getOutput(0).amount).toBe(12_000n - feeFor(refund.vsize, 2));
    expect(() =>
      buildChargeRefund({
        privateKey: key,
        coins: [coin(300n)],
        to: PAYER,
        feeRate: 2,
        network: 'regtest',
      }),
    ).toThrow(/refund's fee/);
  });
});
