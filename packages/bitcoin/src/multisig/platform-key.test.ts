import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, utf8ToBytes } from '../bytes.ts';
import { compressedPublicKey } from '../keys.ts';
import { derivePlatformKey, platformKeyForScript, platformPublicKeyFor } from './platform-key.ts';
import { multisigWitnessScript } from './script.ts';

const SECRET = new Uint8Array(32).fill(0x11);
const U = hexToBytes('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798');
const OTHER_USER = hexToBytes('02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5');

describe('derivePlatformKey', () => {
  it('is HMAC-SHA256(secret, "om/cosigner/v1|kind|hex(U)") modulo n', () => {
    const mac = hmac(sha256, SECRET, utf8ToBytes(`om/cosigner/v1|multisig|${bytesToHex(U)}`));
    const n = secp256k1.Point.CURVE().n;
    const expected = (BigInt(`0x${bytesToHex(mac)}`) % n).toString(16).padStart(64, '0');
    expect(bytesToHex(derivePlatformKey(SECRET, 'multisig', U))).toBe(expected);
  });

  // The vector was computed independently with Python's hmac module.
  it('is deterministic (a pinned vector), and differs per kind, user and secret', () => {
    const multisig = derivePlatformKey(SECRET, 'multisig', U);
    expect(bytesToHex(multisig)).toBe(
      'f824c0a478c005cf5041944f22acfd3b94899e991d71cd513d71010cc596edd4',
    );
    expect(derivePlatformKey(SECRET, 'multisig', U)).toEqual(multisig);
    const others = [
      derivePlatformKey(SECRET, 'maker', U),
      derivePlatformKey(SECRET, 'multisig', OTHER_USER),
      derivePlatformKey(new Uint8Array(32).fill(0x12), 'multisig', U),
    ];
    for (const key of others) {
      expect(key).toHaveLength(32);
      expect(key).not.toEqual(multisig);
    }
  });

  it('answers the public key of the derived key', () => {
    const key = derivePlatformKey(SECRET, 'maker', U);
    expect(platformPublicKeyFor(SECRET, 'maker', U)).toEqual(compressedPublicKey(key));
  });

  it('refuses a secret that is not 32 bytes and a user key that is not compressed', () => {
    expect(() => derivePlatformKey(new Uint8Array(31), 'maker', U)).toThrow(/32 bytes/);
    expect(() => derivePlatformKey(SECRET, 'maker', U.subarray(1))).toThrow(
      expect.objectContaining({ code: 'invalid-public-key' }),
    );
  });
});

describe('platformKeyForScript', () => {
  it.each(['multisig', 'maker'] as const)('finds the key of a %s wallet script', (kind) => {
    const script = multisigWitnessScript(U, platformPublicKeyFor(SECRET, kind, U));
    expect(platformKeyForScript(SECRET, script)).toEqual(derivePlatformKey(SECRET, kind, U));
  });

  it('has none for another secret, a foreign P or a foreign script', () => {
    const script = multisigWitnessScript(U, platformPublicKeyFor(SECRET, 'maker', U));
    expect(platformKeyForScript(new Uint8Array(32).fill(0x12), script)).toBeUndefined();
    expect(platformKeyForScript(SECRET, multisigWitnessScript(U, OTHER_USER))).toBeUndefined();
    expect(platformKeyForScript(SECRET, Uint8Array.of(0x51))).toBeUndefined();
  });
});
