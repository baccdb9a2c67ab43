import { SigHash, Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import {
  changeFloor,
  checkFeeRate,
  dustThreshold,
  estimateVsize,
  estimateWeight,
  feeFor,
  outputWeight,
  type InputType,
  type OutputType,
} from './fees.ts';
import { signMultisigInput } from '../multisig/sign.ts';
import { coin, multisigCoin, scriptOf, testMultisig, testWallet } from './test-fixtures.ts';
import { keySpendFields, psbtInput } from './utxo.ts';

const p2tr = testWallet('fees p2tr', 'p2tr');
const p2wpkh = testWallet('fees p2wpkh', 'p2wpkh');
const nested = testWallet('fees p2sh-p2wpkh', 'p2sh-p2wpkh');

describe('estimateVsize', () => {
  it.each<[string, InputType[], OutputType[], number]>([
    ['an empty segwit transaction is 10.5 vB', [], [], 11],
    ['one P2TR key path in, one P2TR out', ['p2tr'], ['p2tr'], 111],
    ['a 0x83 P2TR listing input is a quarter byte more', ['p2tr-sighash'], ['p2tr'], 112],
    ['P2WPKH 1-in 2-out', ['p2wpkh'], ['p2wpkh', 'p2wpkh'], 141],
    ['P2SH-P2WPKH 1-in 2-out', ['p2sh-p2wpkh'], ['p2sh', 'p2sh'], 166],
    ['every output type', ['p2wpkh'], ['p2tr', 'p2wpkh', 'p2sh', 'p2wsh', 'p2pkh'], 262],
    // ADR 007's worked example: msigner layout B, P2WPKH buyer, P2TR seller and receiver.
    [
      'msigner layout B',
      ['p2wpkh', 'p2wpkh', 'p2tr-sighash', 'p2wpkh'],
      ['p2wpkh', 'p2tr', 'p2tr', 'p2tr', 'p2wpkh', 'p2wpkh', 'p2wpkh'],
      526,
    ],
  ])('%s', (_, inputs, outputs, vsize) => {
    expect(estimateVsize(inputs, outputs)).toBe(vsize);
  });

  it('counts 253 outputs with a 3-byte count', () => {
    const outputs = Array.from({ length: 253 }, (): OutputType => 'p2tr');
    expect(estimateWeight([], outputs) - estimateWeight([], outputs.slice(1))).toBe(172 + 8);
  });

  it('measures an output from its script', () => {
    expect(outputWeight(scriptOf(p2tr.address))).toBe(outputWeight('p2tr'));
    expect(outputWeight(Uint8Array.of(0x6a, 0x01, 0x00))).toBe(4 * (8 + 1 + 3));
  });

  // Signed for real with fixed keys: taproot sizes are exact, ECDSA ones at most the estimate
  // (a low-R signature is one byte, a quarter vB, shorter).
  it.each<[string, typeof p2tr, number | undefined, number]>([
    ['P2TR key path, DEFAULT', p2tr, undefined, 111],
    ['P2TR key path, SINGLE|ANYONECANPAY', p2tr, SigHash.SINGLE_ANYONECANPAY, 112],
    ['P2WPKH', p2wpkh, undefined, 122],
    ['P2SH-P2WPKH', nested, undefined, 145],
  ])('matches a signed %s spend', (_, wallet, sighashType, vsize) => {
    const tx = new Transaction({ version: 2 });
    const utxo = coin(wallet, 0x11, 50_000n);
    tx.addInput({ ...psbtInput(utxo, keySpendFields(utxo.script, wallet.publicKey)), sighashType });
    tx.addOutput({ script: scriptOf(p2tr.address), amount: 40_000n });
    tx.signIdx(wallet.key, 0, sighashType === undefined ? undefined : [sighashType]);
    tx.finalize();
    const type = wallet.type === 'p2tr' && sighashType ? 'p2tr-sighash' : wallet.type;
    expect(estimateVsize([type], ['p2tr'])).toBe(vsize);
    expect(tx.vsize).toBeLessThanOrEqual(vsize);
    expect(tx.vsize).toBeGreaterThan(vsize - 1);
  });
});

describe('the multisig inputs of ADR 009', () => {
  const wallet = testMultisig(p2wpkh);
  const EMPTY = new Uint8Array();

  it('weigh 389 WU (both keys) and 317 WU (the user alone)', () => {
    expect(estimateWeight(['p2wsh-multisig'], []) - estimateWeight([], [])).toBe(389);
    expect(estimateWeight(['p2wsh-multisig-recovery'], []) - estimateWeight([], [])).toBe(317);
  });

  // Signed and finalized for real; ECDSA signatures are 71 or 72 bytes with their sighash byte
  // (73 with high R, which the estimate counts), so the estimate is at most 2 vB above.
  it.each<[string, boolean, number]>([
    ['both keys, 1 input', false, 1],
    ['both keys, 3 inputs', false, 3],
    ['the user alone, 1 input', true, 1],
    ['the user alone, 3 inputs', true, 3],
  ])('matches a finalized spend: %s', (_, recovery, count) => {
    const tx = new Transaction({ version: 2 });
    for (let i = 0; i < count; i++) {
      const utxo = multisigCoin(wallet, 0x21 + i, 50_000n);
      tx.addInput(
        psbtInput(utxo, { witnessScript: wallet.witnessScript }, recovery ? 144 : undefined),
      );
    }
    tx.addOutput({ script: scriptOf(p2tr.address), amount: 40_000n });
    for (let i = 0; i < count; i++) {
      const sigU = signMultisigInput(tx, i, p2wpkh.key);
      const first = recovery ? EMPTY : signMultisigInput(tx, i, wallet.platformKey);
      tx.updateInput(i, { finalScriptWitness: [first, sigU, wallet.witnessScript] }, true);
    }
    const type = recovery ? 'p2wsh-multisig-recovery' : 'p2wsh-multisig';
    const estimate = estimateVsize(
      Array.from({ length: count }, () => type),
      ['p2tr'],
    );
    const real = Transaction.fromRaw(tx.extract(), { allowUnknownInputs: true }).vsize;
    expect(real).toBeLessThanOrEqual(estimate);
    expect(real).toBeGreaterThanOrEqual(estimate - 2);
  });
});

describe('feeFor', () => {
  it.each<[number, number, bigint]>([
    [526, 1, 526n],
    [526, 2.5, 1315n],
    [100, 1.1, 110n],
    [141, 0.1, 15n],
    [1, 0.001, 1n],
    [111, 25, 2775n],
  ])('%i vB at %f sat/vB is %i sats, rounded up', (vsize, rate, fee) => {
    expect(feeFor(vsize, rate)).toBe(fee);
  });
});

describe('checkFeeRate', () => {
  it.each<[number, number | undefined, string | undefined]>([
    [1, undefined, undefined],
    [500, undefined, undefined],
    [500.5, undefined, 'fee-rate-too-high'],
    [20, 10, 'fee-rate-too-high'],
    [0, undefined, 'invalid-fee-rate'],
    [-1, undefined, 'invalid-fee-rate'],
    [Number.NaN, undefined, 'invalid-fee-rate'],
    [Number.POSITIVE_INFINITY, undefined, 'invalid-fee-rate'],
  ])('%f sat/vB with cap %s → %s', (rate, cap, code) => {
    const check = () => checkFeeRate(rate, cap);
    if (code) expect(check).toThrow(expect.objectContaining({ code }));
    else expect(check).not.toThrow();
  });
});

describe('dustThreshold', () => {
  it.each<[string, bigint, string]>([
    ['P2TR', 330n, p2tr.address],
    ['P2WPKH', 294n, p2wpkh.address],
    ['P2SH', 540n, nested.address],
    ['P2PKH', 546n, 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
  ])('%s: %i sats (Core, 3 sat/vB)', (_, dust, address) => {
    expect(dustThreshold(scriptOf(address))).toBe(dust);
  });

  it('is 0 for OP_RETURN, and change never goes below dust', () => {
    expect(dustThreshold(Uint8Array.of(0x6a))).toBe(0n);
    expect(changeFloor(100n, scriptOf(p2tr.address))).toBe(330n);
    expect(changeFloor(546n, scriptOf(p2tr.address))).toBe(546n);
  });
});
