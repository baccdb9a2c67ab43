import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { OutScript, p2pkh, p2sh, p2tr, p2wpkh } from '@scure/btc-signer';
import { hash160 } from '@scure/btc-signer/utils.js';
import { addressToScript } from './address.ts';
import { bytesToHex, equalBytes, hexToBytes } from './bytes.ts';
import { networkParams, type BitcoinNetwork } from './networks.ts';

const base58check = createBase58check(sha256);

/** A fresh private key from the platform CSPRNG (crypto.getRandomValues, via noble). */
export function randomPrivateKey(): Uint8Array {
  return secp256k1.utils.randomSecretKey();
}

export function isValidPrivateKey(privateKey: Uint8Array): boolean {
  return privateKey.length === 32 && secp256k1.utils.isValidSecretKey(privateKey);
}

export function privateKeyToHex(privateKey: Uint8Array): string {
  return bytesToHex(privateKey);
}

/** A 32-byte private key from hex; throws when it is not a valid secp256k1 scalar. */
export function privateKeyFromHex(value: string): Uint8Array {
  const privateKey = hexToBytes(value);
  if (!isValidPrivateKey(privateKey)) throw new Error('Invalid private key');
  return privateKey;
}

export type DecodedWif = {
  privateKey: Uint8Array;
  compressed: boolean;
  /** WIF has one prefix for every test chain (testnet, signet and regtest share 0xef). */
  network: 'mainnet' | 'testnet';
};

/** Decodes Wallet Import Format, compressed (K/L/c) or uncompressed (5/9); undefined if invalid. */
export function privateKeyFromWif(wif: string): DecodedWif | undefined {
  let data: Uint8Array;
  try {
    data = base58check.decode(wif);
  } catch {
    // A bad checksum or alphabet means "not a WIF", which is the answer.
    return undefined;
  }
  const network = data[0] === 0x80 ? 'mainnet' : data[0] === 0xef ? 'testnet' : undefined;
  const body = data.subarray(1);
  const compressed = body.length === 33 && body[32] === 0x01;
  if (!network || (!compressed && body.length !== 32)) return undefined;
  const privateKey = body.slice(0, 32);
  return isValidPrivateKey(privateKey) ? { privateKey, compressed, network } : undefined;
}

export function privateKeyToWif(
  privateKey: Uint8Array,
  network: BitcoinNetwork,
  compressed = true,
): string {
  if (!isValidPrivateKey(privateKey)) throw new Error('Invalid private key');
  const suffix = compressed ? [0x01] : [];
  return base58check.encode(
    Uint8Array.from([networkParams(network).wif, ...privateKey, ...suffix]),
  );
}

/** The 33-byte SEC1 compressed public key. */
export function compressedPublicKey(privateKey: Uint8Array): Uint8Array {
  return secp256k1.getPublicKey(privateKey, true);
}

/** The 32-byte BIP340 x-only public key (the taproot internal key of a BIP86 wallet). */
export function xOnlyPublicKey(privateKey: Uint8Array): Uint8Array {
  return schnorr.getPublicKey(privateKey);
}

/** Drops the parity byte of a 33- or 65-byte key after checking it is on the curve. */
export function toXOnly(publicKey: Uint8Array): Uint8Array {
  if (publicKey.length === 32) return publicKey;
  return secp256k1.Point.fromBytes(publicKey).toBytes(true).slice(1);
}

function addressOf(payment: { address?: string }): string {
  if (!payment.address) throw new Error('Payment has no address');
  return payment.address;
}

/** Legacy pay-to-pubkey-hash; the only type that may use an uncompressed (65-byte) key. */
export function p2pkhAddress(publicKey: Uint8Array, network: BitcoinNetwork): string {
  return addressOf(p2pkh(publicKey, networkParams(network)));
}

export function p2wpkhAddress(publicKey: Uint8Array, network: BitcoinNetwork): string {
  return addressOf(p2wpkh(publicKey, networkParams(network)));
}

/** Nested segwit (BIP49): P2SH whose redeem script is the P2WPKH program. */
export function p2shP2wpkhAddress(publicKey: Uint8Array, network: BitcoinNetwork): string {
  const params = networkParams(network);
  return addressOf(p2sh(p2wpkh(publicKey, params), params));
}

/** BIP86 key-path taproot: the internal key tweaked with an empty script tree. */
export function p2trAddress(publicKey: Uint8Array, network: BitcoinNetwork): string {
  return addressOf(p2tr(toXOnly(publicKey), undefined, networkParams(network)));
}

/** Every single-key address a public key controls on the network. */
export function addressesOfPublicKey(publicKey: Uint8Array, network: BitcoinNetwork): string[] {
  if (publicKey.length === 32) return [p2trAddress(publicKey, network)];
  if (publicKey.length === 65) return [p2pkhAddress(publicKey, network)];
  const derive = [p2pkhAddress, p2wpkhAddress, p2shP2wpkhAddress, p2trAddress];
  return derive.map((toAddress) => toAddress(publicKey, network));
}

/** Whether the address is one of the key's single-key addresses (compared by output script). */
export function isAddressOfPublicKey(
  publicKey: Uint8Array,
  address: string,
  network: BitcoinNetwork,
): boolean {
  const script = addressToScript(address, network);
  if (!script) return false;
  try {
    // Only the address type the script is: taproot's tweak is a point multiplication, and this
    // check runs on every mint and purchase.
    if (publicKey.length === 32)
      return script[0] === 0x51 && isTaprootOf(publicKey, script, network);
    if (publicKey.length !== 33 && publicKey.length !== 65) return false;
    // A key off the curve controls nothing, whatever its hash. Checked once (a square root for a
    // compressed key): the key-hash scripts below are compared as bytes, not derived as addresses
    // and decoded again (which checked the key twice more).
    secp256k1.Point.fromBytes(publicKey);
    if (script[0] === 0x51)
      return publicKey.length === 33 && isTaprootOf(publicKey, script, network);
    const candidate = keyHashScriptOfType(publicKey, script);
    return candidate !== undefined && equalBytes(candidate, script);
  } catch {
    // Not a point on the curve: it controls no address.
    return false;
  }
}

function isTaprootOf(publicKey: Uint8Array, script: Uint8Array, network: BitcoinNetwork): boolean {
  const candidate = addressToScript(p2trAddress(publicKey, network), network);
  return candidate !== undefined && equalBytes(candidate, script);
}

/**
 * The key's key-hash script of the same type as `script` (P2PKH, or for a compressed key P2WPKH
 * and BIP49's P2SH-P2WPKH), if any: the templates p2pkhAddress, p2wpkhAddress and
 * p2shP2wpkhAddress encode.
 */
function keyHashScriptOfType(publicKey: Uint8Array, script: Uint8Array): Uint8Array | undefined {
  const hash = hash160(publicKey);
  if (script[0] === 0x76) return OutScript.encode({ type: 'pkh', hash });
  if (publicKey.length !== 33) return undefined;
  const witnessProgram = OutScript.encode({ type: 'wpkh', hash });
  if (script[0] === 0x00) return witnessProgram;
  if (script[0] === 0xa9) return OutScript.encode({ type: 'sh', hash: hash160(witnessProgram) });
  return undefined;
}
