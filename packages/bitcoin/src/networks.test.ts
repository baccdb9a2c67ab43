import { NETWORK, TEST_NETWORK } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { BITCOIN_NETWORKS, networkParams } from './networks.ts';

describe('networkParams', () => {
  it.each([
    ['mainnet', 'bc', 0x00, 0x05, 0x80],
    ['testnet', 'tb', 0x6f, 0xc4, 0xef],
    ['signet', 'tb', 0x6f, 0xc4, 0xef],
    ['regtest', 'bcrt', 0x6f, 0xc4, 0xef],
  ] as const)('%s: hrp %s, base58 prefixes %i/%i, WIF %i', (network, bech32, pkh, sh, wif) => {
    expect(networkParams(network)).toMatchObject({ bech32, pubKeyHash: pkh, scriptHash: sh, wif });
  });

  it('covers every network and reuses scure parameters where they apply', () => {
    expect(BITCOIN_NETWORKS).toEqual(['mainnet', 'testnet', 'signet', 'regtest']);
    expect(networkParams('mainnet')).toBe(NETWORK);
    expect(networkParams('signet')).toBe(TEST_NETWORK);
  });
});
