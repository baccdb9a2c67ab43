import { verifyBip322Detailed, type Bip322Format } from './bip322.ts';
import { hexToBytes } from './bytes.ts';
import { isAddressOfPublicKey } from './keys.ts';
import { verifyMessageLegacy } from './message.ts';
import type { BitcoinNetwork } from './networks.ts';

export type MessageSignatureInput = {
  message: string;
  address: string;
  /** Base64 as the wallet returned it: BIP-322 simple or full (prefixed or not), or legacy. */
  signature: string;
  network: BitcoinNetwork;
  /**
   * The public key the wallet reported for the address (hex or bytes: 33-byte compressed, 65-byte
   * uncompressed, or 32-byte x-only taproot internal key). When given, the address must be one of
   * its single-key addresses, so a verified result also vouches for the key (for example the
   * tapInternalKey of a seller's P2TR input).
   */
  publicKey?: string | Uint8Array;
};

export type MessageSignatureMethod = `bip322-${Bip322Format}` | 'legacy';
export type MessageVerification = { ok: true; method: MessageSignatureMethod } | { ok: false };

/**
 * The sign-in check: BIP-322 first (what Xverse, Leather and UniSat's 'bip322-simple' send for
 * segwit and taproot addresses), then the legacy format (P2PKH, and wallets that sign segwit or
 * taproot addresses with ECDSA). Never throws; anything unverifiable is { ok: false }.
 */
export function verifyMessageSignature(input: MessageSignatureInput): MessageVerification {
  const { message, address, network, publicKey } = input;
  const signature = input.signature.trim();
  if (publicKey !== undefined && !isPublicKeyOfAddress(publicKey, address, network)) {
    return { ok: false };
  }
  const bip322 = verifyBip322Detailed(message, address, signature, network);
  if (bip322.ok) return { ok: true, method: `bip322-${bip322.format}` as const };
  const isLegacy = verifyMessageLegacy(message, address, signature, network);
  return isLegacy ? { ok: true, method: 'legacy' } : { ok: false };
}

function isPublicKeyOfAddress(
  publicKey: string | Uint8Array,
  address: string,
  network: BitcoinNetwork,
): boolean {
  if (typeof publicKey !== 'string') return isAddressOfPublicKey(publicKey, address, network);
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(publicKey)) return false;
  return isAddressOfPublicKey(hexToBytes(publicKey), address, network);
}
