import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../bytes.ts';
import { p2trAddress, p2wpkhAddress, compressedPublicKey, xOnlyPublicKey } from '../keys.ts';
import { feeFor } from '../psbt/fees.ts';
import {
  buildEditionReveal,
  deriveEditionOrderKey,
  editionCommit,
  editionEnvelopes,
  planEditionReveal,
} from './edition-reveal.ts';
import { decodeInscriptionIdValue, decodePointer, parseEnvelopes } from './envelope.ts';

const SECRET = new Uint8Array(32).fill(0x11);
const ORDER_ID = '00000000-0000-4000-8000-000000000001';
const ORIGINAL = `${'ab'.repeat(32)}i0`;
const POSTAGE = 546n;
const key = (byte: number) => new Uint8Array(32).fill(byte);
const TAKER = p2trAddress(xOnlyPublicKey(key(2)), 'regtest');
const CREATOR = p2wpkhAddress(compressedPublicKey(key(3)), 'regtest');
const PLATFORM = p2trAddress(xOnlyPublicKey(key(4)), 'regtest');

describe('deriveEditionOrderKey', () => {
  // The vector was computed independently with Python's hmac module.
  it('is HMAC-SHA256(secret, "om/edition-order/v1|{id}") mod n: deterministic, per order', () => {
    const derived = deriveEditionOrderKey(SECRET, ORDER_ID);
    expect(bytesToHex(derived)).toBe(
      '44241729fd90b7df275951cd05b2af16f504bd7109d7831c65a323b39f4b5200',
    );
    expect(deriveEditionOrderKey(SECRET, ORDER_ID)).toEqual(derived);
    expect(deriveEditionOrderKey(SECRET, ORDER_ID.replace(/1$/, '2'))).not.toEqual(derived);
    expect(deriveEditionOrderKey(key(0x12), ORDER_ID)).not.toEqual(derived);
  });

  it('refuses a secret that is not 32 bytes', () => {
    expect(() => deriveEditionOrderKey(new Uint8Array(16), ORDER_ID)).toThrow(/32 bytes/);
  });
});

function order(count: number, creatorValue = 10_000n * BigInt(count)) {
  const privateKey = deriveEditionOrderKey(SECRET, ORDER_ID);
  const commit = editionCommit({
    privateKey,
    originalId: ORIGINAL,
    count,
    postage: POSTAGE,
    network: 'regtest',
  });
  const plan = planEditionReveal({
    commit,
    count,
    postage: POSTAGE,
    taker: TAKER,
    creator: { address: CREATOR, value: creatorValue },
    platformFee: { address: PLATFORM, value: 1_000n },
    feeRate: 3,
    network: 'regtest',
  });
  return { privateKey, commit, plan };
}

const UTXO = { txid: 'cd'.repeat(32), vout: 0 };

describe('editionEnvelopes', () => {
  it('gives each edition the original as delegate and points edition i at sat i × postage', () => {
    const envelopes = editionEnvelopes(ORIGINAL, 3, POSTAGE);
    const { privateKey, commit, plan } = order(3);
    const reveal = buildEditionReveal({
      commit,
      privateKey,
      utxo: { ...UTXO, value: plan.amount },
      outputs: plan.outputs,
      amount: plan.amount,
      feeRate: 3,
      network: 'regtest',
    });
    const tx = Transaction.fromRaw(hexToBytes(reveal.hex));
    const parsed = parseEnvelopes([tx.getInput(0).finalScriptWitness ?? []]);
    expect(envelopes).toHaveLength(3);
    expect(parsed).toHaveLength(3);
    expect(
      parsed.map(({ fields }) => ({
        delegate: fields.delegate && decodeInscriptionIdValue(fields.delegate),
        pointer: fields.pointer && decodePointer(fields.pointer),
        body: fields.body,
        contentType: fields.contentType,
      })),
    ).toEqual([
      { delegate: ORIGINAL, pointer: undefined, body: undefined, contentType: undefined },
      { delegate: ORIGINAL, pointer: 546n, body: undefined, contentType: undefined },
      { delegate: ORIGINAL, pointer: 1092n, body: undefined, contentType: undefined },
    ]);
  });

  it('refuses a count below 1', () => {
    expect(() => editionEnvelopes(ORIGINAL, 0, POSTAGE)).toThrow(RangeError);
  });
});

describe('planEditionReveal and buildEditionReveal', () => {
  it('charges postage, the payouts and the exact reveal fee; the reveal pays exactly that', () => {
    const { privateKey, commit, plan } = order(2);
    expect(plan.outputs).toEqual([
      { address: TAKER, value: POSTAGE },
      { address: TAKER, value: POSTAGE },
      { address: CREATOR, value: 20_000n },
      { address: PLATFORM, value: 1_000n },
    ]);
    expect(plan.revealFee).toBe(feeFor(plan.revealVsize, 3));
    expect(plan.amount).toBe(2n * POSTAGE + 20_000n + 1_000n + plan.revealFee);
    const reveal = buildEditionReveal({
      commit,
      privateKey,
      utxo: { ...UTXO, value: plan.amount },
      outputs: plan.outputs,
      amount: plan.amount,
      feeRate: 3,
      change: CREATOR,
      network: 'regtest',
    });
    expect({ vsize: reveal.vsize, fee: reveal.fee }).toEqual({
      vsize: plan.revealVsize,
      fee: plan.revealFee,
    });
    const tx = Transaction.fromRaw(hexToBytes(reveal.hex));
    expect(tx.outputsLength).toBe(4); // an exact payment needs no change
  });

  it('leaves out a creator payout of 0 and refuses one below dust', () => {
    expect(order(1, 0n).plan.outputs.map((o) => o.address)).toEqual([TAKER, PLATFORM]);
    expect(() => order(1, 200n)).toThrow(expect.objectContaining({ code: 'dust-output' }));
  });

  it('returns an overpayment to the change address, less its output fee, unless dust', () => {
    const { privateKey, commit, plan } = order(1);
    const build = (value: bigint) =>
      buildEditionReveal({
        commit,
        privateKey,
        utxo: { ...UTXO, value },
        outputs: plan.outputs,
        amount: plan.amount,
        feeRate: 3,
        change: TAKER,
        network: 'regtest',
      });
    const overpaid = build(plan.amount + 5_000n);
    const tx = Transaction.fromRaw(hexToBytes(overpaid.hex));
    expect(tx.outputsLength).toBe(plan.outputs.length + 1);
    // The change output costs 43 vB at 3 sat/vB.
    expect(tx.getOutput(plan.outputs.length).amount).toBe(5_000n - 129n);
    expect(overpaid.fee).toBe(feeFor(overpaid.vsize, 3));
    expect(build(plan.amount + 200n).fee).toBe(plan.revealFee + 200n);
    expect(() => build(plan.amount - 1n)).toThrow(
      expect.objectContaining({ code: 'insufficient-funds' }),
    );
  });
});
