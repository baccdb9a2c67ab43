import { hexToBytes, isAddressOfPublicKey, isValidAddress, type BitcoinNetwork } from '@om/bitcoin';
import { AddressParamSchema } from '@om/core';
import { invalidInput } from './app-error.ts';
import { parseInput } from './validate.ts';

// Addresses and keys from requests: the shared schemas check their shape, these their network
// and ownership, with one wording everywhere ("address: not a valid regtest address").

export function checkAddress(address: string, field: string, network: BitcoinNetwork): void {
  if (!isValidAddress(address, network)) {
    throw invalidInput(`${field}: not a valid ${network} address`, field);
  }
}

/** The `:address` of a route, valid on this network. */
export function parseAddressParam(params: unknown, network: BitcoinNetwork): string {
  const { address } = parseInput(AddressParamSchema, params, 'params');
  checkAddress(address, 'address', network);
  return address;
}

/** The wallet's public key must control the address it came with. */
export function checkKeyOfAddress(
  publicKey: string,
  address: string,
  fields: { key: string; address: string },
  network: BitcoinNetwork,
): void {
  checkAddress(address, fields.address, network);
  if (!isAddressOfPublicKey(hexToBytes(publicKey), address, network)) {
    throw invalidInput(`${fields.key}: does not belong to ${fields.address}`, fields.key);
  }
}
