import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, equalBytes, utf8ToBytes } from '../bytes.ts';
import { compressedPublicKey } from '../keys.ts';
import { checkCompressedKey, parseMultisigWitnessScript } from './script.ts';

// ADR 009 "Keys": P is derived per user and per wallet kind from one server secret, so that no
// private key is ever stored. The string is versioned: rotating the secret means new wallets.

export type MultisigKind = 'multisig' | 'maker';
const MULTISIG_KINDS: readonly MultisigKind[] = ['multisig', 'maker'];

const ORDER = secp256k1.Point.CURVE().n;

/**
 * The platform's private key for `userPublicKey`'s wallet of `kind`:
 * HMAC-SHA256(secret, "om/cosigner/v1|{kind}|{hex(U)}") as a big-endian number modulo n. Should
 * that be 0 (probability 2⁻²⁵⁶), "|1", "|2"… is appended until it is not. Throws on a secret that
 * is not 32 bytes (a configuration error) and TradeError('invalid-public-key').
 */
export function derivePlatformKey(
  secret: Uint8Array,
  kind: MultisigKind,
  userPublicKey: Uint8Array,
): Uint8Array {
  if (secret.length !== 32) throw new Error('The cosigner secret must be 32 bytes');
  checkCompressedKey(userPublicKey, 'user');
  const message = `om/cosigner/v1|${kind}|${bytesToHex(userPublicKey)}`;
  for (let attempt = 0; ; attempt++) {
    const suffix = attempt === 0 ? '' : `|${attempt}`;
    const scalar = bytesToNumberBE(hmac(sha256, secret, utf8ToBytes(message + suffix))) % ORDER;
    if (scalar !== 0n) return numberToBytesBE(scalar, 32);
  }
}

/** The platform's compressed public key P for `userPublicKey`'s wallet of `kind`. */
export function platformPublicKeyFor(
  secret: Uint8Array,
  kind: MultisigKind,
  userPublicKey: Uint8Array,
): Uint8Array {
  return compressedPublicKey(derivePlatformKey(secret, kind, userPublicKey));
}

/**
 * The platform's private key for a witness script of ours: the derivation, of either kind, whose
 * public key is the script's P. Undefined for a foreign script or one made with another secret.
 */
export function platformKeyForScript(
  secret: Uint8Array,
  witnessScript: Uint8Array,
): Uint8Array | undefined {
  const parts = parseMultisigWitnessScript(witnessScript);
  if (!parts) return undefined;
  for (const kind of MULTISIG_KINDS) {
    const key = derivePlatformKey(secret, kind, parts.userPublicKey);
    if (equalBytes(compressedPublicKey(key), parts.platformPublicKey)) return key;
  }
  return undefined;
}
