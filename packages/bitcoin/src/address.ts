import { Address, OutScript } from '@scure/btc-signer';
import { networkParams, type BitcoinNetwork } from './networks.ts';

export type AddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'unknown';

/**
 * Decodes an address for the given network, or returns undefined when it is not valid there.
 * Lenient about surrounding whitespace; `isValidAddress` is the strict check for user input.
 */
export function decodeAddress(address: string, network: BitcoinNetwork) {
  try {
    return Address(networkParams(network)).decode(address.trim());
  } catch {
    // scure throws on any malformed address; "not valid" is the only answer callers need.
    return undefined;
  }
}

/**
 * True for a P2PKH, P2SH, P2WPKH, P2WSH or P2TR address of this network, exactly as typed (no
 * surrounding whitespace). Bech32 may be all lower or all upper case, never mixed (BIP173).
 * Testnet, signet and regtest share base58 prefixes, so a testnet base58 address is valid on all
 * three; bech32 separates them (tb vs bcrt). Pay-to-anchor and future witness versions are
 * rejected: nobody should be paid there.
 */
export function isValidAddress(address: string, network: BitcoinNetwork): boolean {
  if (address !== address.trim() || address === '') return false;
  const type = addressType(address, network);
  return type !== undefined && type !== 'unknown';
}

export function addressType(address: string, network: BitcoinNetwork): AddressType | undefined {
  const decoded = decodeAddress(address, network);
  if (!decoded) return undefined;
  switch (decoded.type) {
    case 'pkh':
      return 'p2pkh';
    case 'sh':
      return 'p2sh';
    case 'wpkh':
      return 'p2wpkh';
    case 'wsh':
      return 'p2wsh';
    case 'tr':
      return 'p2tr';
    default:
      return 'unknown';
  }
}

/** The scriptPubKey an address pays to, or undefined when `isValidAddress` is false. */
export function addressToScript(address: string, network: BitcoinNetwork): Uint8Array | undefined {
  if (!isValidAddress(address, network)) return undefined;
  const decoded = decodeAddress(address, network);
  return decoded && OutScript.encode(decoded);
}
