import { SigHash, Transaction } from '@scure/btc-signer';
import { base64ToBytes, equalBytes } from './bytes.ts';
import { compressedPublicKey } from './keys.ts';
import { parseMultisigWitnessScript } from './multisig/script.ts';
import { signMultisigInput } from './multisig/sign.ts';
import { knownKeySpendFields, spendTypeOfScript, type KeySpendFields } from './psbt/utxo.ts';

export type SignPsbtOptions = {
  /** Inputs to sign; each one must be signable by the key. Default: every input it can sign. */
  inputs?: readonly number[];
  /**
   * Sighash types the signer agrees to. Default: the input's PSBT_IN_SIGHASH_TYPE when declared
   * (as browser wallets do, e.g. a listing's SINGLE|ANYONECANPAY), else ALL, or DEFAULT for taproot.
   */
  sighashTypes?: readonly number[];
  /**
   * Finalize the inputs signed here. Default false: partial signatures are left for a combiner.
   * Multisig inputs keep their partial signature either way: one signer cannot complete them.
   */
  finalize?: boolean;
};

export type SignPsbtErrorCode =
  'invalid-psbt' | 'input-not-signable' | 'input-not-finalizable' | 'nothing-signed';

export class SignPsbtError extends Error {
  override readonly name = 'SignPsbtError';
  constructor(
    readonly code: SignPsbtErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

// Keep what we do not understand (proprietary and unknown fields) instead of stripping it, and
// accept OP_RETURN and other non-standard outputs: a signer passes such PSBTs through.
const PSBT_OPTIONS = { allowUnknownOutputs: true, unknown: 'ignore' } as const;

/**
 * Signs, with one private key, the inputs of a PSBT (bytes or base64) that the key controls:
 * P2WPKH, P2SH-P2WPKH, P2TR key path (BIP86), P2PKH when the input carries its previous
 * transaction (nonWitnessUtxo, as scure requires for legacy inputs), and the P2WSH 2-of-2 of ADR
 * 009 whose witnessScript names the key as its user key U. The browser Dev wallet's job.
 * The key's own P2TR tapInternalKey and P2SH-P2WPKH redeemScript are filled in when missing, as
 * wallets do. Returns the PSBT bytes; throws SignPsbtError.
 */
export function signPsbtWithKey(
  psbt: Uint8Array | string,
  privateKey: Uint8Array,
  options: SignPsbtOptions = {},
): Uint8Array {
  const tx = parsePsbt(psbt);
  const indexes = options.inputs ?? Array.from({ length: tx.inputsLength }, (_, i) => i);
  const signed: number[] = [];
  // Derived once per PSBT, not per input: each derivation is a scalar multiplication.
  const key = { privateKey, publicKey: compressedPublicKey(privateKey) };
  for (const index of indexes) {
    const failure = signInput(tx, index, key, options.sighashTypes);
    if (failure === undefined) signed.push(index);
    else if (options.inputs) {
      const message = `Input ${index} cannot be signed by this key`;
      throw new SignPsbtError('input-not-signable', message, { cause: failure });
    }
  }
  if (signed.length === 0) throw new SignPsbtError('nothing-signed', 'The key signs no input');
  if (options.finalize) {
    for (const index of signed) if (!multisigOf(tx, index)) finalizeInput(tx, index);
  }
  return tx.toPSBT();
}

/** The parts of input `index`'s witness script when it is our 2-of-2 multisig template. */
function multisigOf(tx: Transaction, index: number) {
  const { witnessScript } = tx.getInput(index);
  return witnessScript && parseMultisigWitnessScript(witnessScript);
}

function parsePsbt(psbt: Uint8Array | string): Transaction {
  const bytes = typeof psbt === 'string' ? base64ToBytes(psbt) : psbt;
  try {
    if (!bytes) throw new Error('Not base64');
    return Transaction.fromPSBT(bytes, PSBT_OPTIONS);
  } catch (cause) {
    throw new SignPsbtError('invalid-psbt', 'Not a valid PSBT', { cause });
  }
}

function finalizeInput(tx: Transaction, index: number): void {
  try {
    tx.finalizeIdx(index);
  } catch (cause) {
    // For example a taproot input that still needs other signers' script-path signatures.
    throw new SignPsbtError('input-not-finalizable', `Input ${index} cannot be finalized`, {
      cause,
    });
  }
}

/** Signs one input; returns why it could not, or undefined once signed. */
function signInput(
  tx: Transaction,
  index: number,
  { privateKey, publicKey }: { privateKey: Uint8Array; publicKey: Uint8Array },
  sighashTypes: readonly number[] | undefined,
): unknown {
  try {
    if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) {
      throw new Error(`No input ${index}`);
    }
    const declared = tx.getInput(index).sighashType;
    const multisig = multisigOf(tx, index);
    if (multisig) {
      // The wallet is the user: it signs as U, never as the platform's P.
      if (!equalBytes(multisig.userPublicKey, publicKey)) throw new Error('Not the user key');
      const sighash = declared ?? SigHash.ALL;
      if (sighashTypes && !sighashTypes.includes(sighash)) {
        throw new Error(`Sighash ${sighash} is not allowed`);
      }
      signMultisigInput(tx, index, privateKey, sighash);
      return undefined;
    }
    addOwnKeyInfo(tx, index, publicKey);
    const allowed = sighashTypes ?? (declared === undefined ? undefined : [declared]);
    tx.signIdx(privateKey, index, allowed && [...allowed]);
    return undefined;
  } catch (error) {
    // scure throws when the key is not in the input's script, data is missing, or the sighash
    // is not allowed: the caller decides whether that is fatal.
    return error;
  }
}

/** What a wallet knows about its own outputs and a PSBT creator may have left out. */
function addOwnKeyInfo(tx: Transaction, index: number, publicKey: Uint8Array): void {
  const { witnessUtxo, tapInternalKey, redeemScript } = tx.getInput(index);
  if (!witnessUtxo) return;
  // Only a field that is missing is looked for: the taproot check is a tweak (a scalar
  // multiplication), and a PSBT's other parties' inputs already carry theirs.
  const type = spendTypeOfScript(witnessUtxo.script);
  const lacks = (type === 'p2tr' && !tapInternalKey) || (type === 'p2sh-p2wpkh' && !redeemScript);
  if (!lacks) return;
  let fields: KeySpendFields;
  try {
    // Remembered per (script, key): a taproot check is a tweak, and a wallet signs many inputs of
    // one address.
    fields = knownKeySpendFields(witnessUtxo.script, publicKey);
  } catch {
    return; // not a key spend of this key: nothing of ours to add
  }
  if (!tapInternalKey && fields.tapInternalKey) {
    tx.updateInput(index, { tapInternalKey: fields.tapInternalKey });
  }
  if (!redeemScript && fields.redeemScript) {
    tx.updateInput(index, { redeemScript: fields.redeemScript });
  }
}
