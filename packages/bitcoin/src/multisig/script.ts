import { secp256k1 } from '@noble/curves/secp256k1.js';
import { OutScript, Script, ScriptNum } from '@scure/btc-signer';
import { sha256 } from '@scure/btc-signer/utils.js';
import { bytesToHex, equalBytes } from '../bytes.ts';
import type { BitcoinNetwork } from '../networks.ts';
import { addressOfScript } from '../psbt/codec.ts';
import { TradeError } from '../psbt/trade-error.ts';

// ADR 009: both the multisig (padding) wallet and the maker wallet are P2WSH with the script
// and_v(v:pk(U),or_d(pk(P),older(144))). U is the user's payment key, P the platform's.

/** Blocks after which the user alone can spend a coin: about a day. */
export const MULTISIG_CSV_DELAY = 144;

/** A user's multisig or maker wallet: its two keys, witness script, P2WSH scriptPubKey and address. */
export type MultisigWallet = {
  userPublicKey: Uint8Array;
  platformPublicKey: Uint8Array;
  witnessScript: Uint8Array;
  script: Uint8Array;
  address: string;
};

export type MultisigScriptParts = {
  userPublicKey: Uint8Array;
  platformPublicKey: Uint8Array;
  delay: number;
};

/**
 * `<U> OP_CHECKSIGVERIFY <P> OP_CHECKSIG OP_IFDUP OP_NOTIF <delay> OP_CHECKSEQUENCEVERIFY OP_ENDIF`
 * (77 bytes for 144, pushed as `02 90 00`). Both keys: `[sigP, sigU, script]`; U alone:
 * `[<empty>, sigU, script]` in a version-2 transaction whose input's nSequence is ≥ `delay`.
 * Keys must be 33-byte compressed curve points: ECDSA needs the parity an x-only key drops.
 * Throws TradeError 'invalid-public-key', or 'invalid-amount' for a delay outside 1…65,535 blocks.
 */
export function multisigWitnessScript(
  userPublicKey: Uint8Array,
  platformPublicKey: Uint8Array,
  delay = MULTISIG_CSV_DELAY,
): Uint8Array {
  checkCompressedKey(userPublicKey, 'user');
  checkCompressedKey(platformPublicKey, 'platform');
  // BIP68 block-based relative locktimes are the low 16 bits of nSequence.
  if (!Number.isInteger(delay) || delay < 1 || delay > 0xffff) {
    throw new TradeError('invalid-amount', `A delay of ${delay} blocks is out of range`);
  }
  // scure pushes numbers as minimal script numbers (OP_1…OP_16, else the shortest encoding).
  return Script.encode([
    userPublicKey,
    'CHECKSIGVERIFY',
    platformPublicKey,
    'CHECKSIG',
    'IFDUP',
    'NOTIF',
    delay,
    'CHECKSEQUENCEVERIFY',
    'ENDIF',
  ]);
}

/**
 * The keys and delay of a witness script that is exactly our template (with minimal pushes and
 * valid compressed keys), or undefined for any other script.
 */
export function parseMultisigWitnessScript(script: Uint8Array): MultisigScriptParts | undefined {
  try {
    const ops = Script.decode(script);
    const [userPublicKey, , platformPublicKey, , , , delayOp] = ops;
    if (ops.length !== 9) return undefined;
    if (!(userPublicKey instanceof Uint8Array) || !(platformPublicKey instanceof Uint8Array)) {
      return undefined;
    }
    const delay =
      typeof delayOp === 'number'
        ? delayOp
        : delayOp instanceof Uint8Array
          ? Number(ScriptNum().decode(delayOp))
          : undefined;
    if (delay === undefined) return undefined;
    // Re-encoding checks every opcode and the minimal encoding of each push at once.
    const template = multisigWitnessScript(userPublicKey, platformPublicKey, delay);
    return equalBytes(template, script) ? { userPublicKey, platformPublicKey, delay } : undefined;
  } catch {
    // Not decodable, an invalid key or delay: not our script.
    return undefined;
  }
}

/** The P2WSH scriptPubKey paying to a witness script (OP_0 <sha256(script)>). */
export function p2wshScript(witnessScript: Uint8Array): Uint8Array {
  return OutScript.encode({ type: 'wsh', hash: sha256(witnessScript) });
}

/** The wallet of `userPublicKey` co-signed by `platformPublicKey`. Throws TradeError. */
export function multisigWallet(
  userPublicKey: Uint8Array,
  platformPublicKey: Uint8Array,
  network: BitcoinNetwork,
  delay = MULTISIG_CSV_DELAY,
): MultisigWallet {
  const witnessScript = multisigWitnessScript(userPublicKey, platformPublicKey, delay);
  const script = p2wshScript(witnessScript);
  const address = addressOfScript(script, network);
  if (!address) throw new TradeError('invalid-address', 'No address for the P2WSH script');
  return { userPublicKey, platformPublicKey, witnessScript, script, address };
}

/**
 * The parts of a wallet handed in by a caller (e.g. read from the database), after checking that
 * its witness script is our template, its scriptPubKey the P2WSH of it and, with `network`, its
 * address that of the script. Throws TradeError 'unknown-witness-script'.
 */
export function checkMultisigWallet(
  wallet: Pick<MultisigWallet, 'witnessScript' | 'script'> & { address?: string },
  network?: BitcoinNetwork,
): MultisigScriptParts {
  const parts = parseMultisigWitnessScript(wallet.witnessScript);
  const isOurs =
    parts !== undefined &&
    equalBytes(p2wshScript(wallet.witnessScript), wallet.script) &&
    (network === undefined || addressOfScript(wallet.script, network) === wallet.address);
  if (!isOurs) throw new TradeError('unknown-witness-script', 'Not a multisig wallet of ours');
  return parts;
}

// Keys already found on the curve: lifting a compressed key is a modular square root, and the
// same few wallet keys are checked on every parse of their scripts. Public data; bounded.
const KNOWN_VALID_KEYS = new Set<string>();
const KNOWN_VALID_KEYS_MAX = 10_000;

/** Throws TradeError('invalid-public-key') unless the key is a 33-byte compressed curve point. */
export function checkCompressedKey(publicKey: Uint8Array, whose: string): void {
  const isCompressed = publicKey.length === 33 && (publicKey[0] === 2 || publicKey[0] === 3);
  const hex = bytesToHex(publicKey);
  let isOnCurve = KNOWN_VALID_KEYS.has(hex);
  if (!isOnCurve) {
    try {
      secp256k1.Point.fromBytes(publicKey).assertValidity();
      isOnCurve = true;
      if (KNOWN_VALID_KEYS.size >= KNOWN_VALID_KEYS_MAX) KNOWN_VALID_KEYS.clear();
      KNOWN_VALID_KEYS.add(hex);
    } catch {
      // Off the curve: reported below with the length case.
    }
  }
  if (!isCompressed || !isOnCurve) {
    throw new TradeError(
      'invalid-public-key',
      `The ${whose} key must be a 33-byte compressed public key on secp256k1`,
    );
  }
}
