import { schnorr } from '@noble/curves/secp256k1.js';
import { bech32m } from '@scure/base';
import { sha256, varBytes } from './raw-tx.ts';

// Taproot keys, commits and BIP340 signatures for the generator. noble's schnorr.sign verifies
// every signature it makes (3 ms); here bitcoind verifies them when it accepts the block.

const { Point } = schnorr;
const { Fn } = Point;
const TAPSCRIPT_LEAF_VERSION = 0xc0;

const tagPrefixes = new Map<string, Buffer>();

export function taggedHash(tag: string, ...parts: Uint8Array[]): Buffer {
  let prefix = tagPrefixes.get(tag);
  if (!prefix) {
    const tagHash = sha256(Buffer.from(tag));
    prefix = Buffer.concat([tagHash, tagHash]);
    tagPrefixes.set(tag, prefix);
  }
  return sha256(prefix, ...parts);
}

const toScalar = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
const xBytes = (p: InstanceType<typeof Point>) => Buffer.from(p.toBytes(true).subarray(1));
const hasEvenY = (p: InstanceType<typeof Point>) => p.toAffine().y % 2n === 0n;

/** A BIP340 signer: the secret already negated so its point has an even y. */
export interface SchnorrKey {
  secret: bigint;
  /** x-only public key. */
  x: Buffer;
  /** bytes(d) xor hash/aux(0^32): aux randomness fixed at zero, so signing is deterministic. */
  t: Buffer;
}

function schnorrKey(secret: bigint): SchnorrKey {
  const p = Point.BASE.multiply(secret);
  const d = hasEvenY(p) ? secret : Fn.neg(secret);
  const aux = toScalar(taggedHash('BIP0340/aux', Buffer.alloc(32)));
  return { secret: d, x: xBytes(p), t: Buffer.from(Fn.toBytes(d ^ aux)) };
}

/** BIP340 signing, without noble's self-verification. */
export function signSchnorr(key: SchnorrKey, message: Uint8Array): Buffer {
  const k0 = Fn.create(toScalar(taggedHash('BIP0340/nonce', key.t, key.x, message)));
  const r = Point.BASE.multiply(k0);
  const k = hasEvenY(r) ? k0 : Fn.neg(k0);
  const rx = xBytes(r);
  const e = Fn.create(toScalar(taggedHash('BIP0340/challenge', rx, key.x, message)));
  return Buffer.concat([rx, Fn.toBytes(Fn.create(k + e * key.secret))]);
}

/** A BIP86 single-key taproot output: spent by key path with the tweaked key. */
export interface KeyPathWallet {
  script: Buffer;
  address: string;
  /** The tweaked key that signs key-path spends. */
  signer: SchnorrKey;
  /** The untweaked key: it signs script-path spends of commits built on it. */
  internal: SchnorrKey;
}

function p2trScript(outputKey: Uint8Array): Buffer {
  return Buffer.concat([Buffer.of(0x51, 0x20), outputKey]);
}

function regtestAddress(outputKey: Uint8Array): string {
  return bech32m.encode('bcrt', [1, ...bech32m.toWords(outputKey)]);
}

/** A deterministic key: the benchmark's chain is the same on every machine for one seed. */
export function benchWallet(seed: string, name: string): KeyPathWallet {
  const secret = Fn.create(toScalar(sha256(Buffer.from(`om-bench:${seed}:${name}`))));
  const internal = schnorrKey(secret);
  const tweak = toScalar(taggedHash('TapTweak', internal.x));
  const signer = schnorrKey(Fn.create(internal.secret + tweak));
  return { script: p2trScript(signer.x), address: regtestAddress(signer.x), signer, internal };
}

/** A commit output whose only leaf is `leafScript` (ord's reveal leaf), on `internal`'s key. */
export interface Commit {
  script: Buffer;
  leafScript: Uint8Array;
  leafHash: Buffer;
  controlBlock: Buffer;
}

export function commitTo(internal: SchnorrKey, leafScript: Uint8Array): Commit {
  const leafHash = taggedHash('TapLeaf', Buffer.of(TAPSCRIPT_LEAF_VERSION), varBytes(leafScript));
  const tweak = toScalar(taggedHash('TapTweak', internal.x, leafHash));
  const outputKey = Point.fromBytes(Buffer.concat([Buffer.of(0x02), internal.x])).add(
    Point.BASE.multiply(tweak),
  );
  const parity = hasEvenY(outputKey) ? 0 : 1;
  return {
    script: p2trScript(xBytes(outputKey)),
    leafScript,
    leafHash,
    controlBlock: Buffer.concat([Buffer.of(TAPSCRIPT_LEAF_VERSION | parity), internal.x]),
  };
}
