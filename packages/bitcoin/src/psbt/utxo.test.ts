import { OutScript, p2pkh, p2wpkh } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { coin, scriptOf, testWallet } from './test-fixtures.ts';
import {
  checkDistinctOutpoints,
  checkWalletUtxos,
  keySpendFields,
  knownKeySpendFields,
  paymentWallet,
  sameOutpoint,
  spendTypeOfScript,
} from './utxo.ts';
import { toXOnly } from '../keys.ts';

const taproot = testWallet('utxo p2tr', 'p2tr');
const native = testWallet('utxo p2wpkh', 'p2wpkh');
const nested = testWallet('utxo p2sh-p2wpkh', 'p2sh-p2wpkh');
const other = testWallet('utxo other', 'p2wpkh');

describe('spendTypeOfScript', () => {
  it.each([
    ['P2TR', taproot.script, 'p2tr'],
    ['P2WPKH', native.script, 'p2wpkh'],
    ['P2SH (taken as P2SH-P2WPKH)', nested.script, 'p2sh-p2wpkh'],
    ['P2PKH', p2pkh(native.publicKey).script, undefined],
    ['P2WSH', OutScript.encode({ type: 'wsh', hash: new Uint8Array(32) }), undefined],
    ['garbage', Uint8Array.of(1, 2, 3), undefined],
  ])('%s → %s', (_, script, type) => {
    expect(spendTypeOfScript(script)).toBe(type);
  });
});

describe('keySpendFields', () => {
  it.each([
    [
      'P2TR, compressed key',
      taproot.script,
      taproot.publicKey,
      { tapInternalKey: toXOnly(taproot.publicKey) },
    ],
    [
      'P2TR, x-only key',
      taproot.script,
      toXOnly(taproot.publicKey),
      { tapInternalKey: toXOnly(taproot.publicKey) },
    ],
    ['P2WPKH', native.script, native.publicKey, {}],
    [
      'P2SH-P2WPKH',
      nested.script,
      nested.publicKey,
      { redeemScript: p2wpkh(nested.publicKey).script },
    ],
  ])('%s', (_, script, key, fields) => {
    expect(keySpendFields(script, key)).toEqual(fields);
  });

  it.each([
    ['another key', native.script, other.publicKey],
    ['another key (P2TR)', taproot.script, other.publicKey],
    ['another key (P2SH)', nested.script, other.publicKey],
    ['a key off the curve', native.script, new Uint8Array(33).fill(9)],
    ['an x-only key for P2WPKH', native.script, toXOnly(native.publicKey)],
    ['a P2PKH script', p2pkh(native.publicKey).script, native.publicKey],
  ])('refuses %s', (_, script, key) => {
    expect(() => keySpendFields(script, key)).toThrow(
      expect.objectContaining({ code: 'key-mismatch' }),
    );
  });
});

describe('knownKeySpendFields', () => {
  it('answers what keySpendFields answers, in fresh copies, and refuses what it refuses', () => {
    for (const [script, key] of [
      [taproot.script, taproot.publicKey],
      [taproot.script, toXOnly(taproot.publicKey)],
      [native.script, native.publicKey],
      [nested.script, nested.publicKey],
    ] as const) {
      const first = knownKeySpendFields(script, key);
      const again = knownKeySpendFields(script, key);
      expect(first).toEqual(keySpendFields(script, key));
      expect(again).toEqual(first);
      if (first.tapInternalKey) expect(again.tapInternalKey).not.toBe(first.tapInternalKey);
    }
    for (let i = 0; i < 2; i++) {
      expect(() => knownKeySpendFields(taproot.script, other.publicKey)).toThrow(
        expect.objectContaining({ code: 'key-mismatch' }),
      );
    }
  });
});

describe('paymentWallet and its coins', () => {
  const wallet = paymentWallet(native.script, native.publicKey);

  it('refuses a payment address it cannot sign for', () => {
    expect(() => paymentWallet(p2pkh(native.publicKey).script, native.publicKey)).toThrow(
      expect.objectContaining({ code: 'unsupported-payment-script' }),
    );
  });

  it.each([
    ['clean coins', [coin(native, 1, 1000n), coin(native, 2, 2000n)], undefined],
    [
      'an inscribed coin',
      [coin(native, 1, 1000n), coin(native, 2, 600n, 0, true)],
      'inscribed-utxo-as-padding',
    ],
    ['a coin of another address', [coin(other, 1, 1000n)], 'utxo-not-at-payment-address'],
  ])('%s → %s', (_, utxos, code) => {
    const check = () => checkWalletUtxos(utxos, wallet, 'inscribed-utxo-as-padding');
    if (code) expect(check).toThrow(expect.objectContaining({ code }));
    else expect(check).not.toThrow();
  });

  it('refuses an outpoint spent twice, whatever the case of its txid', () => {
    const a = coin(native, 0xab, 1000n);
    expect(() => checkDistinctOutpoints([a, { ...a, vout: 1 }])).not.toThrow();
    expect(() => checkDistinctOutpoints([a, { ...a, txid: a.txid.toUpperCase() }])).toThrow(
      expect.objectContaining({ code: 'duplicate-input' }),
    );
    expect(sameOutpoint(a, { txid: a.txid.toUpperCase(), vout: 0 })).toBe(true);
    expect(scriptOf(native.address)).toEqual(native.script);
  });
});
