import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from './bytes.ts';
import {
  addressesOfPublicKey,
  compressedPublicKey,
  isAddressOfPublicKey,
  isValidPrivateKey,
  p2pkhAddress,
  p2shP2wpkhAddress,
  p2trAddress,
  p2wpkhAddress,
  privateKeyFromHex,
  privateKeyFromWif,
  privateKeyToHex,
  privateKeyToWif,
  randomPrivateKey,
  toXOnly,
  xOnlyPublicKey,
} from './keys.ts';

function wifKey(wif: string): Uint8Array {
  const decoded = privateKeyFromWif(wif);
  if (!decoded) throw new Error(`bad vector WIF ${wif}`);
  return decoded.privateKey;
}

// BIP84 "Test vectors": first receiving, second receiving and first change address.
const BIP84 = [
  [
    'KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d',
    '0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c',
    'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  ],
  [
    'Kxpf5b8p3qX56DKEe5NqWbNUP9MnqoRFzZwHRtsFqhzuvUJsYZCy',
    '03e775fd51f0dfb8cd865d9ff1cca2a158cf651fe997fdc9fee9c1d3b5e995ea77',
    'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
  ],
  [
    'KxuoxufJL5csa1Wieb2kp29VNdn92Us8CoaUG3aGtPtcF3AzeXvF',
    '03025324888e429ab8e3dbaf1f7802648b9cd01e9b418485c5fa4c1b9b5700e1a6',
    'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el',
  ],
];

// BIP86 "Test vectors": internal key to BIP86 address.
const BIP86 = [
  [
    'cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115',
    'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr',
  ],
  [
    '83dfe85a3151d2517290da461fe2815591ef69f2b18a2ce63f01697a8b313145',
    'bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh',
  ],
  [
    '399f1b2f4393f29a18c937859c5dd8a77350103157eb880f02e8c08214277cef',
    'bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7',
  ],
];

// ACken2/bip322-js test/Address.test.ts: one key (the BIP-322 vector key) on every network.
const BIP322_KEY = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k';
const BIP322_KEY_ADDRESSES = {
  mainnet: [
    '14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc',
    'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l',
    '37qyp7jQAzqb2rCBpMvVtLDuuzKAUCVnJb',
    'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3',
  ],
  testnet: [
    'mjSSLdHFzft9NC5NNMik7WrMQ9rRhMhNpT',
    'tb1q9vza2e8x573nczrlzms0wvx3gsqjx7vaxwd45v',
    '2MyQBsrfRnTLwEdpjVVYNWHDB8LXLJUcub9',
    'tb1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5s3g3s37',
  ],
  regtest: [
    'mjSSLdHFzft9NC5NNMik7WrMQ9rRhMhNpT',
    'bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vay85cr9',
    '2MyQBsrfRnTLwEdpjVVYNWHDB8LXLJUcub9',
    'bcrt1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5su3mkyy',
  ],
} as const;

describe('public keys and addresses', () => {
  it.each(BIP84)('BIP84 %s', (wif, publicKey, address) => {
    const privateKey = wifKey(wif);
    expect(bytesToHex(compressedPublicKey(privateKey))).toBe(publicKey);
    expect(p2wpkhAddress(compressedPublicKey(privateKey), 'mainnet')).toBe(address);
  });

  it('BIP49 first receiving address (testnet P2SH-P2WPKH)', () => {
    const privateKey = wifKey('cULrpoZGXiuC19Uhvykx7NugygA3k86b3hmdCeyvHYQZSxojGyXJ');
    const publicKey = compressedPublicKey(privateKey);
    expect(privateKeyToHex(privateKey)).toBe(
      'c9bdb49cfbaedca21c4b1f3a7803c34636b1d7dc55a717132443fc3f4c5867e8',
    );
    expect(bytesToHex(publicKey)).toBe(
      '03a1af804ac108a8a51782198c2d034b28bf90c8803f5a53f76276fa69a4eae77f',
    );
    expect(p2shP2wpkhAddress(publicKey, 'testnet')).toBe('2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2');
  });

  it.each(BIP86)('BIP86 internal key %s', (internalKey, address) => {
    expect(p2trAddress(hexToBytes(internalKey), 'mainnet')).toBe(address);
  });

  it.each(Object.entries(BIP322_KEY_ADDRESSES))(
    'bip322-js addresses on %s',
    (network, expected) => {
      const net = network as keyof typeof BIP322_KEY_ADDRESSES;
      const privateKey = wifKey(BIP322_KEY);
      const publicKey = compressedPublicKey(privateKey);
      expect([
        p2pkhAddress(publicKey, net),
        p2wpkhAddress(publicKey, net),
        p2shP2wpkhAddress(publicKey, net),
        p2trAddress(publicKey, net),
      ]).toEqual(expected);
      expect(p2trAddress(xOnlyPublicKey(privateKey), net)).toBe(expected[3]);
      expect(addressesOfPublicKey(publicKey, net)).toEqual(expected);
      for (const address of expected)
        expect(isAddressOfPublicKey(publicKey, address, net)).toBe(true);
    },
  );

  it('x-only keys drop the parity byte and keep 32-byte keys', () => {
    const privateKey = wifKey(BIP322_KEY);
    expect(toXOnly(compressedPublicKey(privateKey))).toEqual(xOnlyPublicKey(privateKey));
    expect(toXOnly(xOnlyPublicKey(privateKey))).toEqual(xOnlyPublicKey(privateKey));
    expect(() => toXOnly(new Uint8Array(33).fill(5))).toThrow(); // 0x05: no such SEC1 prefix
  });

  it('matches addresses by script, so upper-case bech32 counts', () => {
    const publicKey = hexToBytes(
      '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    );
    const upper = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'; // BIP173 example key
    expect(isAddressOfPublicKey(publicKey, upper, 'mainnet')).toBe(true);
    expect(isAddressOfPublicKey(publicKey, upper, 'testnet')).toBe(false);
    expect(isAddressOfPublicKey(new Uint8Array(33), upper, 'mainnet')).toBe(false);
  });
});

describe('private keys', () => {
  it('decodes compressed and uncompressed WIF on both prefixes, and round-trips', () => {
    // bitcoinjs-message fixtures (randomSig) use this uncompressed mainnet WIF.
    const uncompressed = '5KYZdUEo39z3FPrtuX2QbbwGnNP5zTd7yyr2SC1j299sBCnWjss';
    const decoded = privateKeyFromWif(uncompressed);
    expect(decoded).toMatchObject({ compressed: false, network: 'mainnet' });
    expect(decoded && privateKeyToWif(decoded.privateKey, 'mainnet', false)).toBe(uncompressed);

    const testnet = 'cULrpoZGXiuC19Uhvykx7NugygA3k86b3hmdCeyvHYQZSxojGyXJ';
    expect(privateKeyFromWif(testnet)).toMatchObject({ compressed: true, network: 'testnet' });
    expect(privateKeyToWif(wifKey(testnet), 'regtest')).toBe(testnet);
    expect(privateKeyToWif(wifKey(BIP322_KEY), 'mainnet')).toBe(BIP322_KEY);
  });

  it.each([
    ['a bad checksum', 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2m'],
    ['an address', '14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc'],
    ['garbage', 'not a key'],
  ])('rejects a WIF with %s', (_, wif) => {
    expect(privateKeyFromWif(wif)).toBeUndefined();
  });

  it('makes distinct valid random keys', () => {
    const keys = Array.from({ length: 8 }, () => randomPrivateKey());
    expect(keys.every(isValidPrivateKey)).toBe(true);
    expect(new Set(keys.map(privateKeyToHex)).size).toBe(8);
  });

  it.each([
    ['zero', '00'.repeat(32)],
    ['the group order', 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'],
    ['31 bytes', '01'.repeat(31)],
    ['not hex', 'zz'.repeat(32)],
  ])('refuses %s as a private key', (_, hex) => {
    expect(() => privateKeyFromHex(hex)).toThrow();
  });

  it('reads hex in either case', () => {
    const hex = 'C9BDB49CFBAEDCA21C4B1F3A7803C34636B1D7DC55A717132443FC3F4C5867E8';
    expect(privateKeyToHex(privateKeyFromHex(hex))).toBe(hex.toLowerCase());
  });
});
