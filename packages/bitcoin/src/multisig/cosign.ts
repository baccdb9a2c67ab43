import { SigHash, type Transaction } from '@scure/btc-signer';
import type { TransactionInput } from '@scure/btc-signer/psbt.js';
import { equalBytes } from '../bytes.ts';
import { compressedPublicKey } from '../keys.ts';
import { SELLER_SIGHASH } from '../psbt/seller-signature.ts';
import { TradeError } from '../psbt/trade-error.ts';
import { multisigInputOf, multisigSignature, verifyMultisigSignature } from './sign.ts';

// The final witnesses of multisig inputs, for finalizeSignedPsbt. `built` is the transaction the
// server built (its PSBT fields are trusted); the signer's PSBT only contributes signatures.

/**
 * Answers the platform's private key for a witness script, or undefined if it has none; with its
 * public key when the caller keeps it (a server memoizing its keys saves a scalar multiplication
 * per input).
 */
export type Cosigner = (
  witnessScript: Uint8Array,
) => Uint8Array | { privateKey: Uint8Array; publicKey: Uint8Array } | undefined;

const EMPTY = new Uint8Array();

/** `[sigP, sigU, script]`: the signer's verified ALL signature, then the platform's. */
export function cosignedWitness(
  built: Transaction,
  signed: TransactionInput,
  index: number,
  cosigner: Cosigner | undefined,
): Uint8Array[] {
  const input = multisigInputOf(built, index);
  const userSignature = userSignatureOf(built, signed, index);
  return [platformSignature(built, index, cosigner), userSignature, input.witnessScript];
}

/**
 * `[sigP, sigU, script]` for a snipe-protected seller input: the listing's stored `[sigU]` (0x83,
 * verified when the listing was) and the platform's ALL signature over this very transaction.
 */
export function cosignedListingWitness(
  built: Transaction,
  index: number,
  storedWitness: readonly Uint8Array[],
  cosigner: Cosigner | undefined,
): Uint8Array[] {
  const input = multisigInputOf(built, index);
  const [sellerSignature] = storedWitness;
  if (storedWitness.length !== 1 || !sellerSignature || sellerSignature.at(-1) !== SELLER_SIGHASH) {
    const message = `The stored listing witness of input ${index} is not a protected one`;
    throw new TradeError('seller-signature-mismatch', message, index);
  }
  return [platformSignature(built, index, cosigner), sellerSignature, input.witnessScript];
}

/** `[<empty>, sigU, script]`: the user alone, after the delay (the sequence is the builder's). */
export function recoveryWitness(
  built: Transaction,
  signed: TransactionInput,
  index: number,
): Uint8Array[] {
  const input = multisigInputOf(built, index);
  return [EMPTY, userSignatureOf(built, signed, index), input.witnessScript];
}

/**
 * U's partial signature from the signer's PSBT, which must be ALL and verify over the built
 * transaction. Throws TradeError 'unsigned-buyer-input', 'bad-buyer-sighash' or
 * 'bad-buyer-signature'.
 */
function userSignatureOf(built: Transaction, signed: TransactionInput, index: number): Uint8Array {
  const { parts } = multisigInputOf(built, index);
  const entry = signed.partialSig?.find(([key]) => equalBytes(key, parts.userPublicKey));
  const signature = entry?.[1];
  if (!signature) {
    throw new TradeError('unsigned-buyer-input', `Input ${index} is not signed`, index);
  }
  if (signature.at(-1) !== SigHash.ALL) {
    const message = `Input ${index} is not signed with SIGHASH_ALL`;
    throw new TradeError('bad-buyer-sighash', message, index);
  }
  if (!verifyMultisigSignature(built, index, parts.userPublicKey, signature)) {
    const message = `Input ${index} carries a signature that does not verify`;
    throw new TradeError('bad-buyer-signature', message, index);
  }
  return signature;
}

/** The platform's ALL signature; throws TradeError('missing-cosigner') without the right key. */
function platformSignature(
  built: Transaction,
  index: number,
  cosigner: Cosigner | undefined,
): Uint8Array {
  const { witnessScript, parts } = multisigInputOf(built, index);
  const answer = cosigner?.(witnessScript);
  const privateKey = answer instanceof Uint8Array ? answer : answer?.privateKey;
  const publicKey = answer instanceof Uint8Array ? compressedPublicKey(answer) : answer?.publicKey;
  if (!privateKey || !publicKey || !equalBytes(publicKey, parts.platformPublicKey)) {
    const message = `No platform key co-signs input ${index}`;
    throw new TradeError('missing-cosigner', message, index);
  }
  return multisigSignature(built, index, privateKey, SigHash.ALL, publicKey).signature;
}
