import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';
import { p2tr } from '@scure/btc-signer';
import { checkScript } from '@scure/btc-signer/payment.js';
import { tapTweak, taprootTweakPrivKey } from '@scure/btc-signer/utils.js';
import { addressToScript } from '../address.ts';
import { bytesToHex, equalBytes } from '../bytes.ts';
import { networkParams, type BitcoinNetwork } from '../networks.ts';

// What commits and reveals derive again and again from the same key and scripts (a swap pool
// signs a commit and a reveal for every buy): each is a curve multiplication, a square root
// (lift_x) or both, which made up most of a pool's transfer inscription. Derived once instead;
// every function here answers exactly what it would have computed.

export type DerivedKeys = {
  /** 33-byte SEC1 public key, and its x-only part (the BIP340 key). */
  compressed: Uint8Array;
  xOnly: Uint8Array;
  /** The BIP86 key-path output script (OP_1 <tweaked key>) and the tweaked secret signing it. */
  taprootScript: Uint8Array;
  taprootSecret: Uint8Array;
  /** The key-path address per network. */
  taprootAddress: (network: BitcoinNetwork) => string;
};

// Keyed by the key's array itself, so an order key's entry goes with its key; the copy of the
// bytes catches an array reused for another key.
const derived = new WeakMap<Uint8Array, { key: Uint8Array; keys: DerivedKeys }>();

/** The key's public forms and taproot key-path material, derived once per key array. */
export function derivedKeys(privateKey: Uint8Array): DerivedKeys {
  const known = derived.get(privateKey);
  if (known && equalBytes(known.key, privateKey)) return known.keys;
  const compressed = secp256k1.getPublicKey(privateKey, true);
  const xOnly = compressed.slice(1);
  const taproot = p2tr(xOnly);
  rememberValidScript(taproot.script);
  const addresses = new Map<BitcoinNetwork, string>();
  const keys: DerivedKeys = {
    compressed,
    xOnly,
    taprootScript: taproot.script,
    taprootSecret: taprootTweakPrivKey(privateKey),
    taprootAddress: (network) => {
      let address = addresses.get(network);
      if (address === undefined) {
        address = p2tr(xOnly, undefined, networkParams(network)).address;
        addresses.set(network, address);
      }
      return address;
    },
  };
  derived.set(privateKey, { key: privateKey.slice(), keys });
  return keys;
}

// Scripts (public data) that passed scure's checkScript, which decodes and, for a taproot output,
// lifts its key onto the curve: a transaction checked its every input and output again at each
// step of its assembly. Bounded; emptied when full.
const validScripts = new Set<string>();
const SCRIPT_CACHE = 10_000;

/** scure's own check of an output script (throws as it does), once per distinct script. */
export function checkScriptOnce(script: Uint8Array): void {
  const hex = bytesToHex(script);
  if (validScripts.has(hex)) return;
  checkScript(script);
  rememberValidScript(hex);
}

/** A script scure built and checked itself (p2tr's encode lifts the output key). */
export function rememberValidScript(script: Uint8Array | string): void {
  if (validScripts.size >= SCRIPT_CACHE) validScripts.clear();
  validScripts.add(typeof script === 'string' ? script : bytesToHex(script));
}

const addressScripts = new Map<string, Uint8Array | undefined>();

/** addressToScript, decoded once per address (a copy each time: callers may keep it). */
export function addressScript(address: string, network: BitcoinNetwork): Uint8Array | undefined {
  const key = `${network}:${address}`;
  let script = addressScripts.get(key);
  if (script === undefined && !addressScripts.has(key)) {
    script = addressToScript(address, network);
    if (addressScripts.size >= SCRIPT_CACHE) addressScripts.clear();
    addressScripts.set(key, script);
    if (script) rememberValidScript(script);
  }
  return script?.slice();
}

type Point = ReturnType<typeof schnorr.utils.lift_x>;
const internalPoints = new Map<string, Point>();

/**
 * BIP341 taproot_tweak_pubkey (scure's taprootTweakPubkey: the same key and parity) with the
 * internal key lifted onto the curve once per key, and t⋅G by the variable-time multiplication:
 * t is public (a hash of public data).
 */
export function tweakPublicKey(
  internalKey: Uint8Array,
  merkleRoot: Uint8Array,
): [Uint8Array, 0 | 1] {
  const hex = bytesToHex(internalKey);
  let point = internalPoints.get(hex);
  if (!point) {
    point = liftX(internalKey);
    if (internalPoints.size >= SCRIPT_CACHE) internalPoints.clear();
    internalPoints.set(hex, point);
  }
  const t = tapTweak(internalKey, merkleRoot);
  const q = point.add(secp256k1.Point.BASE.multiplyUnsafe(t)).toAffine();
  return [numberToBytesBE(q.x, 32), q.y & 1n ? 1 : 0];
}

function liftX(key: Uint8Array): Point {
  try {
    if (key.length !== 32) throw new Error('not 32 bytes');
    return schnorr.utils.lift_x(bytesToNumberBE(key));
  } catch {
    throw new Error('p2tr: non-schnorr pubkey');
  }
}
