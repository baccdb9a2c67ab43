import { utf8ToBytes as nobleUtf8ToBytes } from '@noble/hashes/utils.js';
import { base64, hex } from '@scure/base';

// Byte codecs shared by the package. Everything is Uint8Array (never Buffer) so the same code
// runs in the browser "Dev wallet" and on the server.

/** Lower-case hex of the bytes. */
export function bytesToHex(bytes: Uint8Array): string {
  return hex.encode(bytes);
}

/** Bytes of a hex string (either case); throws on odd length or a non-hex character. */
export function hexToBytes(value: string): Uint8Array {
  return hex.decode(value.toLowerCase());
}

/** Standard padded base64 (RFC 4648), the encoding of every signature format here. */
export function bytesToBase64(bytes: Uint8Array): string {
  return base64.encode(bytes);
}

/** Bytes of strict padded base64, or undefined when the text is not canonical base64. */
export function base64ToBytes(value: string): Uint8Array | undefined {
  try {
    return base64.decode(value);
  } catch {
    // Signatures arrive from wallets and users: malformed text is an answer, not an error.
    return undefined;
  }
}

export function utf8ToBytes(value: string): Uint8Array {
  return nobleUtf8ToBytes(value);
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
