import { describe, expect, it } from 'vitest';
import { signBip322Full, signBip322Simple, verifyBip322, verifyBip322Detailed } from './bip322.ts';
import { base64ToBytes, bytesToBase64 } from './bytes.ts';
import basic from './fixtures/bip322-basic-test-vectors.json';
import generated from './fixtures/bip322-generated-test-vectors.json';
import {
  compressedPublicKey,
  p2shP2wpkhAddress,
  p2trAddress,
  p2wpkhAddress,
  privateKeyFromWif,
} from './keys.ts';

// Vectors: bitcoin/bips bip-0322/{basic,generated}-test-vectors.json (copied verbatim into
// ./fixtures), plus the taproot "Hello World" vector of the reference implementation, Bitcoin Core
// PR #24058 (src/test/util_tests.cpp, made with buidl-python; also in bip322-js and ord's bip322
// crate).

const SEGWIT_WIF = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k';
const SEGWIT_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
const TAPROOT_ADDRESS = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3';
const TAPROOT_HELLO_WORLD =
  'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==';
// Script types this verifier understands; the others are BIP-322 "inconclusive", reported false.
const SUPPORTED = ['p2pkh', 'p2wpkh', 'p2sh-p2wpkh', 'p2tr'];

function keyOf(wif: string): Uint8Array {
  const decoded = privateKeyFromWif(wif);
  if (!decoded) throw new Error(`bad vector key ${wif}`);
  return decoded.privateKey;
}

const signatureVectors = [...basic.simple, ...generated.simple, ...generated.full].flatMap((v) =>
  v.bip322_signatures.map((signature) => ({ ...v, signature })),
);

describe('verifyBip322 on the BIP vectors', () => {
  it.each(signatureVectors)('$type "$message" $signature', (vector) => {
    const { message, address, signature, type } = vector;
    expect(verifyBip322(message, address, signature, 'mainnet')).toBe(SUPPORTED.includes(type));
  });

  it.each(basic.simple.filter((v) => v.type === 'p2wpkh'))(
    'accepts the unprefixed draft encoding of "$message"',
    ({ message, address, bip322_signatures }) => {
      for (const signature of bip322_signatures) {
        const draft = signature.replace(/^smp/, '');
        expect(verifyBip322Detailed(message, address, draft, 'mainnet')).toEqual({
          ok: true,
          format: 'simple',
        });
      }
    },
  );

  it('accepts the taproot SIGHASH_ALL vector of Bitcoin Core', () => {
    expect(verifyBip322('Hello World', TAPROOT_ADDRESS, TAPROOT_HELLO_WORLD, 'mainnet')).toBe(true);
    expect(verifyBip322('Hello World!', TAPROOT_ADDRESS, TAPROOT_HELLO_WORLD, 'mainnet')).toBe(
      false,
    );
  });

  it.each(generated.full.filter((v) => SUPPORTED.includes(v.type)))(
    'reports the full format for $type, unprefixed too',
    ({ message, address, bip322_signatures: [signature = ''] }) => {
      const expected = { ok: true, format: 'full' };
      expect(verifyBip322Detailed(message, address, signature, 'mainnet')).toEqual(expected);
      expect(verifyBip322Detailed(message, address, signature.slice(3), 'mainnet')).toEqual(
        expected,
      );
    },
  );

  it.each([...basic.error, ...generated.error])('rejects: $description', (vector) => {
    expect(verifyBip322(vector.message, vector.address, vector.signature, 'mainnet')).toBe(false);
  });

  it('rejects proof-of-funds signatures, which need the UTXO set', () => {
    const [pof] = generated.proof_of_funds;
    if (!pof) throw new Error('missing vector');
    const [signature = ''] = pof.bip322_signatures;
    expect(verifyBip322(pof.message, pof.address, signature, 'mainnet')).toBe(false);
  });
});

describe('verifyBip322 rejections', () => {
  const [signature = ''] = basic.simple[1]?.bip322_signatures ?? [];
  const tampered = base64ToBytes(signature.slice(3));
  if (tampered) tampered[10] = (tampered[10] ?? 0) ^ 1;

  it.each([
    ['wrong message', 'Hello World?', SEGWIT_ADDRESS, signature],
    ['another address', 'Hello World', TAPROOT_ADDRESS, signature],
    [
      'the address on another network',
      'Hello World',
      'tb1q9vza2e8x573nczrlzms0wvx3gsqjx7vaxwd45v',
      signature,
    ],
    [
      'a tampered signature',
      'Hello World',
      SEGWIT_ADDRESS,
      tampered ? bytesToBase64(tampered) : '',
    ],
    ['garbage base64', 'Hello World', SEGWIT_ADDRESS, '%%%not base64%%%'],
    ['base64 of garbage', 'Hello World', SEGWIT_ADDRESS, 'aGVsbG8gd29ybGQ='],
    ['an empty signature', 'Hello World', SEGWIT_ADDRESS, ''],
    ['an invalid address', 'Hello World', 'bc1qnotanaddress', signature],
  ])('rejects %s', (_, message, address, candidate) => {
    expect(verifyBip322(message, address, candidate, 'mainnet')).toBe(false);
  });
});

describe('verifyBip322 on hostile input', () => {
  const addresses = [SEGWIT_ADDRESS, TAPROOT_ADDRESS, '37qyp7jQAzqb2rCBpMvVtLDuuzKAUCVnJb'];
  let seed = 322;
  const nextByte = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;

  it.each(['AQA=', 'AgAA', 'AwAAAA==', 'smpAQA=', 'fulAAAAAA==', 'pof', 'smp', 'ful'])(
    'answers false for %s',
    (signature) => {
      for (const address of addresses) {
        expect(verifyBip322('m', address, signature, 'mainnet')).toBe(false);
      }
    },
  );

  it('never throws on random bytes shaped like witnesses and transactions', () => {
    for (let round = 0; round < 300; round++) {
      const bytes = Uint8Array.from({ length: nextByte() % 120 }, nextByte);
      if (round % 3 === 0) bytes[0] = 0x02; // a two-item stack, or a version 2 transaction
      const address = addresses[round % addresses.length] ?? SEGWIT_ADDRESS;
      expect(verifyBip322('m', address, bytesToBase64(bytes), 'mainnet')).toBe(false);
    }
  });
});

describe('signBip322Simple', () => {
  const privateKey = keyOf(SEGWIT_WIF);

  it('reproduces the taproot vector with zero aux randomness (libsecp256k1 without aux)', () => {
    const options = { auxRand: new Uint8Array(32) };
    const signature = signBip322Simple(
      'Hello World',
      privateKey,
      TAPROOT_ADDRESS,
      'mainnet',
      options,
    );
    expect(signature).toBe(TAPROOT_HELLO_WORLD);
  });

  it('signs P2WPKH with an RFC 6979 signature the BIP lists', () => {
    const signature = signBip322Simple('Hello World', privateKey, SEGWIT_ADDRESS, 'mainnet');
    const listed = basic.simple[1]?.bip322_signatures.map((s) => s.slice(3));
    expect(listed).toContain(signature);
  });

  const publicKey = compressedPublicKey(privateKey);
  it.each([
    ['p2wpkh', p2wpkhAddress(publicKey, 'testnet')],
    ['p2sh-p2wpkh', p2shP2wpkhAddress(publicKey, 'testnet')],
    ['p2tr', p2trAddress(publicKey, 'regtest')],
  ] as const)('round-trips %s in every format', (_, address) => {
    const network = address.startsWith('bcrt') ? 'regtest' : 'testnet';
    const cases = [
      [signBip322Simple('sign in', privateKey, address, network), 'simple'],
      [signBip322Simple('sign in', privateKey, address, network, { isPrefixed: true }), 'simple'],
      [signBip322Full('sign in', privateKey, address, network), 'full'],
      [signBip322Full('sign in', privateKey, address, network, { isPrefixed: true }), 'full'],
    ] as const;
    for (const [signature, format] of cases) {
      expect(verifyBip322Detailed('sign in', address, signature, network)).toEqual({
        ok: true,
        format,
      });
      expect(verifyBip322('sign out', address, signature, network)).toBe(false);
    }
  });

  it('signs taproot with SIGHASH_DEFAULT when asked (64-byte signature)', () => {
    const options = { taprootSighash: 'default' } as const;
    const signature = signBip322Simple('x', privateKey, TAPROOT_ADDRESS, 'mainnet', options);
    expect(base64ToBytes(signature)?.length).toBe(1 + 1 + 64);
    expect(verifyBip322('x', TAPROOT_ADDRESS, signature, 'mainnet')).toBe(true);
  });

  it.each([
    ['a key that does not control the address', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['a P2PKH address', '14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc'],
    ['an address of another network', 'tb1q9vza2e8x573nczrlzms0wvx3gsqjx7vaxwd45v'],
  ])('refuses %s', (_, address) => {
    expect(() => signBip322Simple('m', privateKey, address, 'mainnet')).toThrow();
  });
});
