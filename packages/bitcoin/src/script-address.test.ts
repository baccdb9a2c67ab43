import { Address, OutScript } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from './bytes.ts';
import { networkParams, type BitcoinNetwork } from './networks.ts';
import { addressToScriptHex, scriptHexToAddress } from './script-address.ts';

const x = (byte: string, n: number) => byte.repeat(n);
// A real x-only key (the generator's): btc-signer checks taproot keys lie on the curve.
const TAPROOT_KEY = '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';

const SCRIPTS = {
  p2pkh: `76a914${x('11', 20)}88ac`,
  p2sh: `a914${x('22', 20)}87`,
  p2wpkh: `0014${x('33', 20)}`,
  p2wsh: `0020${x('44', 32)}`,
  p2tr: `5120${TAPROOT_KEY}`,
};

describe('scriptHexToAddress and addressToScriptHex', () => {
  for (const network of ['mainnet', 'testnet', 'signet', 'regtest'] as BitcoinNetwork[]) {
    for (const [type, script] of Object.entries(SCRIPTS)) {
      it(`${type} on ${network}: the address a full decoder gives, and back`, () => {
        const address = Address(networkParams(network)).encode(
          OutScript.decode(hexToBytes(script)),
        );
        expect(scriptHexToAddress(script, network)).toBe(address);
        expect(addressToScriptHex(address, network)).toBe(script);
        expect(bytesToHex(OutScript.encode(Address(networkParams(network)).decode(address)))).toBe(
          script,
        );
      });
    }
  }

  it('future witness versions as bech32m, both ways (Core names them too)', () => {
    const script = `5202${x('ab', 2)}`;
    const address = scriptHexToAddress(script, 'regtest')!;
    expect(address.startsWith('bcrt1z')).toBe(true);
    expect(addressToScriptHex(address, 'regtest')).toBe(script);
  });

  it('no address for OP_RETURN, P2PK, a v0 program of a wrong length, or nothing', () => {
    expect(scriptHexToAddress('6a', 'mainnet')).toBeNull();
    expect(scriptHexToAddress(`6a04${x('00', 4)}`, 'mainnet')).toBeNull();
    expect(scriptHexToAddress(`21${'02'}${x('55', 32)}ac`, 'mainnet')).toBeNull();
    expect(scriptHexToAddress(`0015${x('33', 21)}`, 'mainnet')).toBeNull();
    expect(scriptHexToAddress('', 'mainnet')).toBeNull();
  });
});
