import { describe, expect, it } from 'vitest';
import { addressToScript, addressType, decodeAddress, isValidAddress } from './address.ts';
import { bytesToHex } from './bytes.ts';
import vectors from './fixtures/address-vectors.json';
import { BITCOIN_NETWORKS } from './networks.ts';

describe('valid addresses', () => {
  // Every address is also checked on the three other networks: that is the wrong-network table.
  it.each(vectors.valid)('$address is $type on $networks ($source)', (vector) => {
    for (const network of BITCOIN_NETWORKS) {
      const isOwnNetwork = vector.networks.includes(network);
      expect(isValidAddress(vector.address, network), network).toBe(isOwnNetwork);
      expect(addressType(vector.address, network), network).toBe(
        isOwnNetwork ? vector.type : undefined,
      );
    }
  });

  it.each(vectors.valid.filter((vector) => vector.script))('$address pays to $script', (vector) => {
    const [network = 'mainnet'] = BITCOIN_NETWORKS.filter((n) => vector.networks.includes(n));
    const script = addressToScript(vector.address, network);
    expect(script && bytesToHex(script)).toBe(vector.script);
  });
});

describe('invalid addresses', () => {
  it.each(vectors.invalid)('$address: $reason ($source)', ({ address }) => {
    for (const network of BITCOIN_NETWORKS) {
      expect(isValidAddress(address, network), network).toBe(false);
      expect(addressToScript(address, network), network).toBeUndefined();
    }
  });

  const segwit = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
  it.each([
    ['mixed case bech32', 'bc1Q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'],
    ['mixed case bech32m', 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8LT3'],
    ['a changed base58 case', '14vv3aCHBeStb5bkenkNHbe2YAFinYdXgc'],
    ['a leading space', ` ${segwit}`],
    ['a trailing newline', `${segwit}\n`],
    ['an inner space', 'bc1q9vza2e8x573nczrlzms0 wvx3gsqjx7vavgkx0l'],
    ['a tab before base58', '\t14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc'],
    ['the empty string', ''],
    ['a word', 'notanaddress'],
    ['a testnet bech32 on regtest', 'tb1q9vza2e8x573nczrlzms0wvx3gsqjx7vaxwd45v'],
  ])('rejects %s on mainnet and regtest', (_, address) => {
    expect(isValidAddress(address, 'mainnet')).toBe(false);
    expect(isValidAddress(address, 'regtest')).toBe(false);
  });

  it('decodeAddress itself forgives surrounding whitespace', () => {
    expect(decodeAddress(` ${segwit}\n`, 'mainnet')?.type).toBe('wpkh');
    expect(decodeAddress(segwit, 'testnet')).toBeUndefined();
  });
});
