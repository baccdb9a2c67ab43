import { secp256k1 } from '@noble/curves/secp256k1.js';
import { CompactSize } from '@scure/btc-signer';
import { sha256x2 } from '@scure/btc-signer/utils.js';
import { base64ToBytes, bytesToBase64, utf8ToBytes } from './bytes.ts';
import { isAddressOfPublicKey } from './keys.ts';
import type { BitcoinNetwork } from './networks.ts';

// The "legacy" signed message of Bitcoin Core's signmessage / verifymessage (MessageSign):
// a 65-byte compact recoverable ECDSA signature, base64. Its first byte is a header:
//   27-30  P2PKH, uncompressed key     31-34  P2PKH, compressed key (Bitcoin Core, Electrum)
//   35-38  P2SH-P2WPKH                 39-42  P2WPKH   (Trezor's convention, BIP137)
// plus the recovery id (0-3) of the public key.

const MESSAGE_MAGIC = utf8ToBytes('Bitcoin Signed Message:\n');
const HEADER_UNCOMPRESSED = 27;
const HEADER_COMPRESSED = 31;
const HEADER_LAST = 42;

/** double-SHA256(varint ‖ "Bitcoin Signed Message:\n" ‖ varint ‖ UTF-8 message). */
export function legacyMessageHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message);
  return sha256x2(
    CompactSize.encode(BigInt(MESSAGE_MAGIC.length)),
    MESSAGE_MAGIC,
    CompactSize.encode(BigInt(bytes.length)),
    bytes,
  );
}

/** Signs like Bitcoin Core's signmessage: deterministic (RFC 6979), low-S, header 27-34. */
export function signMessageLegacy(
  message: string,
  privateKey: Uint8Array,
  compressed = true,
): string {
  const options = { prehash: false, format: 'recovered' } as const;
  // noble's recovered layout is [recovery id, r (32), s (32)].
  const signature = secp256k1.sign(legacyMessageHash(message), privateKey, options);
  const header = (compressed ? HEADER_COMPRESSED : HEADER_UNCOMPRESSED) + (signature[0] ?? 0);
  return bytesToBase64(Uint8Array.of(header, ...signature.subarray(1)));
}

/**
 * Recovers the signing key and accepts when the address is one of that key's single-key
 * addresses. An uncompressed key (header 27-30) only has its P2PKH address. A compressed key
 * (31-42) may stand for P2PKH, P2WPKH, P2SH-P2WPKH or P2TR key path (BIP86), whatever the header
 * claims: Electrum, Sparrow, Xverse and others sign segwit addresses with 31-34, and UniSat signs
 * its taproot address this way when asked for 'ecdsa' with the internal (untweaked) key.
 * BIP-322 restricts the legacy format to P2PKH; we are lenient because wallets are, and it is
 * sound: the signature proves control of the one key that all of these addresses commit to.
 */
export function verifyMessageLegacy(
  message: string,
  address: string,
  signatureBase64: string,
  network: BitcoinNetwork,
): boolean {
  const publicKey = recoverLegacyPublicKey(message, signatureBase64);
  return publicKey !== undefined && isAddressOfPublicKey(publicKey, address, network);
}

/** The public key a legacy signature was made with, encoded as its header says. */
export function recoverLegacyPublicKey(
  message: string,
  signatureBase64: string,
): Uint8Array | undefined {
  const bytes = base64ToBytes(signatureBase64);
  const header = bytes?.[0];
  if (!bytes || bytes.length !== 65 || header === undefined) return undefined;
  if (header < HEADER_UNCOMPRESSED || header > HEADER_LAST) return undefined;
  const recovery = (header - HEADER_UNCOMPRESSED) & 3;
  try {
    return secp256k1.Signature.fromBytes(bytes.subarray(1), 'compact')
      .addRecoveryBit(recovery)
      .recoverPublicKey(legacyMessageHash(message))
      .toBytes(header >= HEADER_COMPRESSED);
  } catch {
    // r or s out of range, or no point for this recovery id: no key signed this.
    return undefined;
  }
}
