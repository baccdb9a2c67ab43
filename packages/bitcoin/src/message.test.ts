import { describe, expect, it } from 'vitest';
import { bytesToBase64, bytesToHex, hexToBytes } from './bytes.ts';
import vectors from './fixtures/legacy-message-vectors.json';
import { compressedPublicKey, p2trAddress, p2wpkhAddress } from './keys.ts';
import { legacyMessageHash, signMessageLegacy, verifyMessageLegacy } from './message.ts';

describe('legacyMessageHash', () => {
  it.each(vectors.magicHash)('hashes "$message"', ({ message, magicHash }) => {
    expect(bytesToHex(legacyMessageHash(message))).toBe(magicHash);
  });
});

describe('signMessageLegacy', () => {
  it.each(vectors.sign)('matches $source $description', (vector) => {
    const privateKey = hexToBytes(vector.privateKey);
    expect(signMessageLegacy(vector.message, privateKey, vector.compressed)).toBe(vector.signature);
  });
});

describe('verifyMessageLegacy', () => {
  it.each(vectors.valid)('accepts $source $description', ({ message, address, signature }) => {
    expect(verifyMessageLegacy(message, address, signature, 'mainnet')).toBe(true);
  });

  it.each(vectors.invalid)('rejects $source $description', ({ message, address, signature }) => {
    expect(verifyMessageLegacy(message, address, signature, 'mainnet')).toBe(false);
  });

  it.each(vectors.invalidSignatureHex)('rejects a signature $description', ({ hex }) => {
    const address = '15CRxFdyRpGZLW9w8HnHvVduizdL5jKNbs';
    expect(verifyMessageLegacy('', address, bytesToBase64(hexToBytes(hex)), 'mainnet')).toBe(false);
  });

  it('rejects a mainnet address verified on testnet', () => {
    const [valid] = vectors.valid;
    if (!valid) throw new Error('missing vector');
    expect(verifyMessageLegacy(valid.message, valid.address, valid.signature, 'testnet')).toBe(
      false,
    );
  });

  it('accepts a taproot address signed with its internal key, as UniSat does for "ecdsa"', () => {
    const privateKey = hexToBytes(
      'd97f5108f11cda6eeebaaa420fef0726b1f898060b98489fa3098463c0032866',
    );
    const otherKey = hexToBytes('0000000000000000000000000000000000000000000000000000000000000001');
    const signature = signMessageLegacy('sign in', privateKey);
    const address = p2trAddress(compressedPublicKey(privateKey), 'signet');
    const otherAddress = p2trAddress(compressedPublicKey(otherKey), 'signet');
    const segwitAddress = p2wpkhAddress(compressedPublicKey(privateKey), 'regtest');

    expect(verifyMessageLegacy('sign in', address, signature, 'signet')).toBe(true);
    expect(verifyMessageLegacy('sign in', otherAddress, signature, 'signet')).toBe(false);
    expect(verifyMessageLegacy('sign in', segwitAddress, signature, 'regtest')).toBe(true);
  });
});
