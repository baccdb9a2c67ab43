import { describe, expect, it } from 'vitest';
import { signBip322Simple } from './bip322.ts';
import { bytesToHex } from './bytes.ts';
import basic from './fixtures/bip322-basic-test-vectors.json';
import generated from './fixtures/bip322-generated-test-vectors.json';
import legacy from './fixtures/legacy-message-vectors.json';
import { compressedPublicKey, p2trAddress, privateKeyFromWif, xOnlyPublicKey } from './keys.ts';
import { signMessageLegacy } from './message.ts';
import { verifyMessageSignature, type MessageSignatureInput } from './verify-message.ts';

const decoded = privateKeyFromWif('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k');
if (!decoded) throw new Error('bad vector key');
const { privateKey } = decoded;
const publicKeyHex = bytesToHex(compressedPublicKey(privateKey));
const taproot = p2trAddress(xOnlyPublicKey(privateKey), 'signet');

const [simple] = basic.simple[1]?.bip322_signatures ?? [];
const full = generated.full.find((vector) => vector.type === 'p2sh-p2wpkh');
const core = legacy.valid.find((vector) => vector.description === 'message_verify OK');
const segwitLegacy = legacy.valid.find((vector) => vector.description.startsWith('P2WPKH'));
if (!simple || !full || !core || !segwitLegacy) throw new Error('missing vectors');

const helloWorld = {
  message: 'Hello World',
  address: 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
  signature: simple,
  network: 'mainnet',
} as const;

describe('verifyMessageSignature', () => {
  const mainnet = { network: 'mainnet' } as const;
  it.each<[string, MessageSignatureInput, string]>([
    ['a BIP-322 simple vector', helloWorld, 'bip322-simple'],
    ['its unprefixed draft form', { ...helloWorld, signature: simple.slice(3) }, 'bip322-simple'],
    [
      'a BIP-322 full P2SH-P2WPKH vector',
      { ...full, signature: full.bip322_signatures[0] ?? '', ...mainnet },
      'bip322-full',
    ],
    ['a legacy Bitcoin Core vector', { ...core, ...mainnet }, 'legacy'],
    ['a legacy P2WPKH vector (header 40)', { ...segwitLegacy, ...mainnet }, 'legacy'],
    [
      'a signature wrapped in whitespace',
      { ...helloWorld, signature: ` ${simple}\n` },
      'bip322-simple',
    ],
    [
      'the key the wallet reported (hex)',
      { ...helloWorld, publicKey: publicKeyHex },
      'bip322-simple',
    ],
    [
      'the key the wallet reported (bytes)',
      { ...helloWorld, publicKey: compressedPublicKey(privateKey) },
      'bip322-simple',
    ],
  ])('accepts %s', (_, input, method) => {
    expect(verifyMessageSignature(input)).toEqual({ ok: true, method });
  });

  it('accepts a taproot sign-in both ways, with the x-only internal key', () => {
    const bip322 = signBip322Simple('sign in', privateKey, taproot, 'signet');
    const ecdsa = signMessageLegacy('sign in', privateKey);
    const input = {
      message: 'sign in',
      address: taproot,
      network: 'signet',
      publicKey: bytesToHex(xOnlyPublicKey(privateKey)),
    } as const;
    expect(verifyMessageSignature({ ...input, signature: bip322 })).toEqual({
      ok: true,
      method: 'bip322-simple',
    });
    expect(verifyMessageSignature({ ...input, signature: ecdsa })).toEqual({
      ok: true,
      method: 'legacy',
    });
  });

  it.each<[string, MessageSignatureInput]>([
    ['another message', { ...helloWorld, message: 'Hello World!' }],
    ['another network', { ...helloWorld, network: 'testnet' }],
    ['a garbage signature', { ...helloWorld, signature: 'garbage' }],
    ['an empty signature', { ...helloWorld, signature: '' }],
    [
      'a public key of another address',
      { ...helloWorld, publicKey: bytesToHex(compressedPublicKey(new Uint8Array(32).fill(7))) },
    ],
    ['a public key that is not hex', { ...helloWorld, publicKey: 'xyz' }],
    ['a public key off the curve', { ...helloWorld, publicKey: '05'.repeat(33) }],
  ])('rejects %s', (_, input) => {
    expect(verifyMessageSignature(input)).toEqual({ ok: false });
  });
});
