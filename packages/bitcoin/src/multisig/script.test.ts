import { secp256k1 } from '@noble/curves/secp256k1.js';
import { OutScript } from '@scure/btc-signer';
import { sha256 } from '@scure/btc-signer/utils.js';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../bytes.ts';
import {
  checkMultisigWallet,
  MULTISIG_CSV_DELAY,
  multisigWallet,
  multisigWitnessScript,
  parseMultisigWitnessScript,
} from './script.ts';

// The generator G and 2G, compressed: keys anyone can check by hand.
const U = hexToBytes('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
const P = hexToBytes('02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5');
const SCRIPT_HEX =
  `21${bytesToHex(U)}ad` + // <U> OP_CHECKSIGVERIFY
  `21${bytesToHex(P)}ac` + // <P> OP_CHECKSIG
  '7364' + // OP_IFDUP OP_NOTIF
  '029000' + // <144>: two bytes, little-endian, minimal
  'b268'; // OP_CHECKSEQUENCEVERIFY OP_ENDIF

describe('multisigWitnessScript', () => {
  it('is the 77-byte template of ADR 009 for 144 blocks', () => {
    const script = multisigWitnessScript(U, P);
    expect(MULTISIG_CSV_DELAY).toBe(144);
    expect(script).toHaveLength(77);
    expect(bytesToHex(script)).toBe(SCRIPT_HEX);
  });

  it.each<[number, string]>([
    [1, '51'],
    [16, '60'],
    [17, '0111'],
    [127, '017f'],
    [128, '028000'],
    [255, '02ff00'],
    [65_535, '03ffff00'],
  ])('pushes a delay of %i as %s (minimal script number)', (delay, push) => {
    const hex = bytesToHex(multisigWitnessScript(U, P, delay));
    expect(hex.slice(2 * 72, -4)).toBe(push);
  });

  it.each([0, -1, 1.5, 65_536])('refuses a delay of %f blocks', (delay) => {
    expect(() => multisigWitnessScript(U, P, delay)).toThrow(
      expect.objectContaining({ code: 'invalid-amount' }),
    );
  });

  const uncompressed = secp256k1.Point.fromBytes(U).toBytes(false);
  const offCurve = Uint8Array.of(0x02, ...new Uint8Array(32).fill(0xff));
  it.each<[string, Uint8Array]>([
    ['an x-only key (ECDSA needs the parity)', U.subarray(1)],
    ['an uncompressed key', uncompressed],
    ['a point off the curve', offCurve],
    ['a bad prefix', Uint8Array.of(0x04, ...U.subarray(1))],
  ])('refuses %s', (_, key) => {
    const invalid = expect.objectContaining({ code: 'invalid-public-key' });
    expect(() => multisigWitnessScript(key, P)).toThrow(invalid);
    expect(() => multisigWitnessScript(U, key)).toThrow(invalid);
    expect(() => multisigWallet(key, P, 'regtest')).toThrow(invalid);
  });
});

describe('parseMultisigWitnessScript', () => {
  it('reads back the keys and the delay', () => {
    expect(parseMultisigWitnessScript(hexToBytes(SCRIPT_HEX))).toEqual({
      userPublicKey: U,
      platformPublicKey: P,
      delay: 144,
    });
    expect(parseMultisigWitnessScript(multisigWitnessScript(P, U, 16))).toEqual({
      userPublicKey: P,
      platformPublicKey: U,
      delay: 16,
    });
  });

  const standard2of2 = OutScript.encode({ type: 'ms', m: 2, pubkeys: [U, P] });
  it.each<[string, string]>([
    ['a non-minimal push of 144', SCRIPT_HEX.replace('029000', '03900000')],
    ['144 pushed with OP_PUSHDATA1', SCRIPT_HEX.replace('029000', '4c029000')],
    ['OP_CHECKSIG instead of OP_CHECKSIGVERIFY', SCRIPT_HEX.replace(/ad21/, 'ac21')],
    ['OP_IF instead of OP_NOTIF', SCRIPT_HEX.replace('7364', '7363')],
    ['OP_CHECKLOCKTIMEVERIFY', SCRIPT_HEX.replace('b268', 'b168')],
    ['a trailing opcode', `${SCRIPT_HEX}51`],
    ['a missing OP_ENDIF', SCRIPT_HEX.slice(0, -2)],
    ['a zero delay', SCRIPT_HEX.replace('029000', '00')],
    ['an off-curve key', SCRIPT_HEX.replace(bytesToHex(P), `02${'ff'.repeat(32)}`)],
    ['a standard 2-of-2 multisig', bytesToHex(standard2of2)],
    ['garbage', '4d'],
    ['nothing', ''],
  ])('refuses %s', (_, hex) => {
    expect(parseMultisigWitnessScript(hexToBytes(hex))).toBeUndefined();
  });
});

describe('multisigWallet', () => {
  it('is the P2WSH of the witness script', () => {
    const wallet = multisigWallet(U, P, 'regtest');
    const hash = sha256(hexToBytes(SCRIPT_HEX));
    expect(bytesToHex(wallet.script)).toBe(`0020${bytesToHex(hash)}`);
    expect(wallet.witnessScript).toEqual(hexToBytes(SCRIPT_HEX));
    expect(wallet.address).toMatch(/^bcrt1q[a-z0-9]{58}$/);
    expect(multisigWallet(U, P, 'mainnet').address).toMatch(/^bc1q[a-z0-9]{58}$/);
    expect(wallet).toMatchObject({ userPublicKey: U, platformPublicKey: P });
  });

  it('checks a wallet handed in, its address on the network too', () => {
    const wallet = multisigWallet(U, P, 'regtest');
    expect(checkMultisigWallet(wallet, 'regtest')).toMatchObject({ delay: 144 });
    const other = multisigWallet(P, U, 'regtest');
    const unknown = expect.objectContaining({ code: 'unknown-witness-script' });
    expect(() => checkMultisigWallet({ ...wallet, script: other.script })).toThrow(unknown);
    expect(() => checkMultisigWallet({ ...wallet, address: other.address }, 'regtest')).toThrow(
      unknown,
    );
    expect(() => checkMultisigWallet(wallet, 'mainnet')).toThrow(unknown);
    const foreign = { ...wallet, witnessScript: Uint8Array.of(0x51) };
    expect(() => checkMultisigWallet(foreign)).toThrow(unknown);
  });
});
