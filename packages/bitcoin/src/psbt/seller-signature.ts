import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { OutScript, SigHash, Transaction } from '@scure/btc-signer';
import type { TransactionInput } from '@scure/btc-signer/psbt.js';
import { hash160 } from '@scure/btc-signer/utils.js';
import { equalBytes } from '../bytes.ts';
import { p2wshScript, parseMultisigWitnessScript } from '../multisig/script.ts';
import { TRADE_TX_OPTIONS } from './codec.ts';
import { psbtInput, spendTypeOfScript, type Utxo } from './utxo.ts';

// The seller's listing signature: SIGHASH_SINGLE|ANYONECANPAY over the inscription input and the
// payout output at the same index (ADR 007). With ANYONECANPAY neither BIP143
// nor BIP341 commits to the input's index, so a signature made at index i of the listing PSBT is
// valid at index N+1+i of a purchase, as long as the pair stays aligned. A snipe-protected
// listing (ADR 009) spends the maker wallet's P2WSH: the seller's signature is U's (BIP143, script
// code = the witness script), and the platform adds its own when the purchase is finalized.

export const SELLER_SIGHASH = SigHash.SINGLE_ANYONECANPAY;

const DER_OPTIONS = { prehash: false, format: 'der', lowS: true } as const;

/** nVersion and nLockTime are committed by every sighash: listings and purchases share them. */
export const TRADE_TX_VERSION = 2;
export const TRADE_LOCKTIME = 0;

export type Payout = { script: Uint8Array; value: bigint };

/** The inscription's UTXO as listed; the seller's signature commits to its sequence too. */
export type SellerInput = Utxo & {
  sequence: number;
  /** Offset of the inscription's sat inside the UTXO (the third field of its satpoint). */
  inscriptionOffset: bigint;
  /** The maker wallet's witness script, when the inscription sits there (a protected listing). */
  witnessScript?: Uint8Array;
};

/** What one listing signature commits to: the seller's input and the payout at the same index. */
export type ListedItem = { sellerInput: SellerInput; payout: Payout };

/**
 * A verified listing with the seller's final witness, as the server stores it. Never sent to a
 * buyer: whoever holds it can fill the listing. For a protected listing it is `[sigU]` alone: the
 * platform's signature and the witness script are added to it in the purchase.
 */
export type SignedListedItem = ListedItem & { witness: Uint8Array[] };

export type SellerSignatureProblem =
  'not-signed' | 'wrong-sighash' | 'bad-signature' | 'unsupported-seller-script';

/**
 * The seller's witness from a signed PSBT input: the finalized witness when the wallet finalized,
 * else the taproot key-path signature or the P2WPKH partial signature of the script's key; for a
 * maker wallet's P2WSH (`witnessScript` given), U's partial signature alone.
 */
export function extractSellerWitness(
  input: TransactionInput,
  script: Uint8Array,
  witnessScript?: Uint8Array,
): Uint8Array[] | undefined {
  if (witnessScript) {
    const parts = parseMultisigWitnessScript(witnessScript);
    const entry = parts && input.partialSig?.find(([key]) => equalBytes(key, parts.userPublicKey));
    return entry && [entry[1]];
  }
  if (input.finalScriptWitness?.length) return input.finalScriptWitness;
  const type = spendTypeOfScript(script);
  if (type === 'p2tr' && input.tapKeySig) return [input.tapKeySig];
  if (type !== 'p2wpkh') return undefined;
  const program = script.subarray(2);
  const entry = input.partialSig?.find(([publicKey]) => equalBytes(hash160(publicKey), program));
  return entry && [entry[1], entry[0]];
}

/**
 * Whether `witness` spends the seller's input with a valid SINGLE|ANYONECANPAY signature for
 * exactly this input and payout: BIP341 Schnorr against the output key for P2TR, BIP143 strict-DER
 * low-S ECDSA for P2WPKH, and for a maker wallet's P2WSH U's BIP143 signature `[sigU]`. Answers
 * the problem, or undefined when it is valid.
 */
export function checkSellerWitness(
  item: ListedItem,
  witness: readonly Uint8Array[],
): SellerSignatureProblem | undefined {
  const { script, witnessScript } = item.sellerInput;
  if (witnessScript) return checkProtectedWitness(item, witnessScript, witness);
  const type = spendTypeOfScript(script);
  if (type !== 'p2tr' && type !== 'p2wpkh') return 'unsupported-seller-script';
  const [signature, publicKey] = witness;
  if (!signature) return 'not-signed';
  if (signature.at(-1) !== SELLER_SIGHASH || (type === 'p2tr' && signature.length !== 65)) {
    return 'wrong-sighash';
  }
  try {
    const digest = sellerSighash(item);
    if (type === 'p2tr') {
      const valid =
        witness.length === 1 &&
        schnorr.verify(signature.subarray(0, 64), digest, script.subarray(2));
      return valid ? undefined : 'bad-signature';
    }
    if (witness.length !== 2 || !publicKey || !equalBytes(hash160(publicKey), script.subarray(2))) {
      return 'bad-signature';
    }
    const der = signature.subarray(0, -1);
    return secp256k1.verify(der, digest, publicKey, DER_OPTIONS) ? undefined : 'bad-signature';
  } catch {
    // Malformed DER, a key off the curve: the signature does not verify.
    return 'bad-signature';
  }
}

/**
 * The digest the seller signs. Because it covers only this input and its paired output, it is
 * computed on a one-input one-output template: the same bytes at any aligned index of any
 * transaction with our version and locktime.
 */
export function sellerSighash(item: ListedItem): Uint8Array {
  const { sellerInput, payout } = item;
  const tx = new Transaction({
    ...TRADE_TX_OPTIONS,
    version: TRADE_TX_VERSION,
    lockTime: TRADE_LOCKTIME,
  });
  tx.addInput(psbtInput(sellerInput, {}, sellerInput.sequence));
  tx.addOutput({ script: payout.script, amount: payout.value });
  if (spendTypeOfScript(sellerInput.script) === 'p2tr') {
    return tx.preimageWitnessV1(0, [sellerInput.script], SELLER_SIGHASH, [sellerInput.value]);
  }
  if (sellerInput.witnessScript) {
    const { witnessScript, value } = sellerInput;
    return tx.preimageWitnessV0(0, witnessScript, SELLER_SIGHASH, value);
  }
  // BIP143: the script code of P2WPKH is the P2PKH script of the same key hash.
  const scriptCode = OutScript.encode({ type: 'pkh', hash: sellerInput.script.subarray(2) });
  return tx.preimageWitnessV0(0, scriptCode, SELLER_SIGHASH, sellerInput.value);
}

/** U's 0x83 signature over a maker wallet input, alone in the stored witness. */
function checkProtectedWitness(
  item: ListedItem,
  witnessScript: Uint8Array,
  witness: readonly Uint8Array[],
): SellerSignatureProblem | undefined {
  const parts = parseMultisigWitnessScript(witnessScript);
  if (!parts || !equalBytes(p2wshScript(witnessScript), item.sellerInput.script)) {
    return 'unsupported-seller-script';
  }
  const [signature] = witness;
  if (!signature) return 'not-signed';
  if (signature.at(-1) !== SELLER_SIGHASH) return 'wrong-sighash';
  if (witness.length !== 1) return 'bad-signature';
  try {
    const der = signature.subarray(0, -1);
    const isValid = secp256k1.verify(der, sellerSighash(item), parts.userPublicKey, DER_OPTIONS);
    return isValid ? undefined : 'bad-signature';
  } catch {
    // Malformed DER: the signature does not verify.
    return 'bad-signature';
  }
}
