import { secp256k1 } from '@noble/curves/secp256k1.js';
import { SigHash, type Transaction } from '@scure/btc-signer';
import { signECDSA } from '@scure/btc-signer/utils.js';
import { equalBytes } from '../bytes.ts';
import { compressedPublicKey } from '../keys.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { p2wshScript, parseMultisigWitnessScript, type MultisigScriptParts } from './script.ts';

// BIP143 signatures for the 2-of-2 P2WSH of ADR 009: the script code is the witness script
// itself, and each signature is strict DER, low S, followed by its sighash byte.

/** The sighash types Core's STRICTENC accepts: ALL, NONE, SINGLE, each with ANYONECANPAY. */
const SIGHASH_TYPES = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83]);
const VERIFY_OPTIONS = { prehash: false, format: 'der', lowS: true } as const;

export type MultisigInput = {
  witnessScript: Uint8Array;
  amount: bigint;
  parts: MultisigScriptParts;
};

/**
 * What signing input `index` needs, checked: its witnessUtxo and witnessScript, the script our
 * template, the spent output the P2WSH of it. Throws TradeError 'invalid-psbt' or
 * 'unknown-witness-script'.
 */
export function multisigInputOf(tx: Transaction, index: number): MultisigInput {
  const { witnessUtxo, witnessScript } = tx.getInput(index);
  if (!witnessUtxo || !witnessScript) {
    const message = `Input ${index} needs its witnessUtxo and witnessScript`;
    throw new TradeError('invalid-psbt', message, index);
  }
  const parts = parseMultisigWitnessScript(witnessScript);
  if (!parts || !equalBytes(p2wshScript(witnessScript), witnessUtxo.script)) {
    const message = `Input ${index} does not spend a multisig wallet of ours`;
    throw new TradeError('unknown-witness-script', message, index);
  }
  return { witnessScript, amount: witnessUtxo.amount, parts };
}

/** The BIP143 digest of input `index` for `sighash`, with the witness script as script code. */
export function multisigSighash(
  tx: Transaction,
  index: number,
  input: Pick<MultisigInput, 'witnessScript' | 'amount'>,
  sighash: number,
): Uint8Array {
  return tx.preimageWitnessV0(index, input.witnessScript, sighash, input.amount);
}

/**
 * The signature (DER, low S, RFC 6979, plus the sighash byte) of `privateKey` over input `index`,
 * which must be a multisig input of ours that the key is U or P of. Nothing is stored. Throws
 * TradeError 'invalid-psbt', 'unknown-witness-script' or 'key-mismatch'.
 */
export function multisigSignature(
  tx: Transaction,
  index: number,
  privateKey: Uint8Array,
  sighash: number = SigHash.ALL,
  /** The key's public key when the caller has it: deriving it is a scalar multiplication. */
  knownPublicKey?: Uint8Array,
): { publicKey: Uint8Array; signature: Uint8Array } {
  const input = multisigInputOf(tx, index);
  const publicKey = knownPublicKey ?? compressedPublicKey(privateKey);
  const { userPublicKey, platformPublicKey } = input.parts;
  if (!equalBytes(publicKey, userPublicKey) && !equalBytes(publicKey, platformPublicKey)) {
    const message = `The key is neither key of input ${index}'s script`;
    throw new TradeError('key-mismatch', message, index);
  }
  if (!SIGHASH_TYPES.has(sighash)) {
    throw new TradeError('invalid-psbt', `Sighash ${sighash} is not a valid type`, index);
  }
  const der = signECDSA(multisigSighash(tx, index, input, sighash), privateKey);
  return { publicKey, signature: Uint8Array.of(...der, sighash) };
}

/**
 * Signs input `index` (BIP143, script code = its witness script) and stores the signature as a
 * PSBT partial signature [compressed key, signature]. Answers the signature. Throws TradeError.
 */
export function signMultisigInput(
  tx: Transaction,
  index: number,
  privateKey: Uint8Array,
  sighash: number = SigHash.ALL,
): Uint8Array {
  const { publicKey, signature } = multisigSignature(tx, index, privateKey, sighash);
  tx.updateInput(index, { partialSig: [[publicKey, signature]] }, true);
  return signature;
}

/**
 * Whether `signature` (DER plus sighash byte) is `publicKey`'s valid signature of input `index`.
 * The sighash is the signature's last byte, and must be `sighash` when given. The witness script
 * and amount are the input's PSBT fields unless given (as for a raw transaction).
 */
export function verifyMultisigSignature(
  tx: Transaction,
  index: number,
  publicKey: Uint8Array,
  signature: Uint8Array,
  options: { sighash?: number; witnessScript?: Uint8Array; amount?: bigint } = {},
): boolean {
  const hashType = signature.at(-1);
  if (hashType === undefined || !SIGHASH_TYPES.has(hashType)) return false;
  if (options.sighash !== undefined && hashType !== options.sighash) return false;
  try {
    const input = tx.getInput(index);
    const witnessScript = options.witnessScript ?? input.witnessScript;
    const amount = options.amount ?? input.witnessUtxo?.amount;
    if (!witnessScript || amount === undefined) return false;
    const digest = multisigSighash(tx, index, { witnessScript, amount }, hashType);
    return secp256k1.verify(signature.subarray(0, -1), digest, publicKey, VERIFY_OPTIONS);
  } catch {
    // Malformed DER, a key off the curve, no such input: the signature does not verify.
    return false;
  }
}

/**
 * Whether input `index` of a final transaction satisfies the multisig script it spends, as
 * Bitcoin Core would run it (NULLFAIL, MINIMALIF, CLEANSTACK): `[sigP, sigU, script]` with both
 * signatures valid, or `[<empty>, sigU, script]` with the input's nSequence a block-based relative
 * locktime of at least the delay in a version-2 transaction. Whether the coin is that deep is for
 * the chain to say.
 */
export function isValidMultisigSpend(
  tx: Transaction,
  index: number,
  prevout: { script: Uint8Array; amount: bigint },
): boolean {
  try {
    const input = tx.getInput(index);
    const witness = input.finalScriptWitness ?? [];
    const [platformSignature, userSignature, witnessScript] = witness;
    if (witness.length !== 3 || !platformSignature || !userSignature || !witnessScript) {
      return false;
    }
    const parts = parseMultisigWitnessScript(witnessScript);
    if (!parts || !equalBytes(p2wshScript(witnessScript), prevout.script)) return false;
    if (input.finalScriptSig?.length) return false;
    const options = { witnessScript, amount: prevout.amount };
    if (!verifyMultisigSignature(tx, index, parts.userPublicKey, userSignature, options)) {
      return false;
    }
    if (platformSignature.length > 0) {
      return verifyMultisigSignature(
        tx,
        index,
        parts.platformPublicKey,
        platformSignature,
        options,
      );
    }
    return isRelativeLockSatisfied(tx.version, input.sequence ?? 0xffffffff, parts.delay);
  } catch {
    // A malformed witness does not satisfy the script.
    return false;
  }
}

/** BIP112 CHECKSEQUENCEVERIFY for a block-based delay, against the input's own nSequence. */
function isRelativeLockSatisfied(version: number, sequence: number, delay: number): boolean {
  const disabled = (sequence & 0x80000000) !== 0;
  const timeBased = (sequence & 0x00400000) !== 0;
  return version >= 2 && !disabled && !timeBased && (sequence & 0xffff) >= delay;
}
