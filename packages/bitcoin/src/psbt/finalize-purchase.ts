import { OutScript, Script, SigHash, type Transaction } from '@scure/btc-signer';
import type { TransactionInput } from '@scure/btc-signer/psbt.js';
import { hash160 } from '@scure/btc-signer/utils.js';
import { bytesToHex, equalBytes } from '../bytes.ts';
import {
  cosignedListingWitness,
  cosignedWitness,
  recoveryWitness,
  type Cosigner,
} from '../multisig/cosign.ts';
import {
  encodeTransaction,
  parsePsbt,
  unsignedParts,
  type PsbtInput,
  type RawInput,
  type RawOutput,
} from './codec.ts';
import type { InputRole } from './input-role.ts';
import type { SignedListedItem } from './seller-signature.ts';
import { TradeError } from './trade-error.ts';
import { sameOutpoint, spendTypeOfScript } from './utxo.ts';

export type FinalizedTransaction = {
  hex: string;
  txid: string;
  fee: bigint;
  vsize: number;
  /** fee / vsize in sat/vB. */
  feeRate: number;
};

/** What a finalizer needs of a built PSBT: the PSBT, who signs each input, the fee-rate cap. */
export type BuiltForSigning = {
  psbt: Uint8Array;
  layout: { inputs: readonly InputRole[] };
  maxFeeRate: number;
};

/**
 * The same, its PSBT possibly parsed already: a request parses our PSBT once
 * (product.md#scale-and-delivery).
 */
type BuiltToFinalize = Omit<BuiltForSigning, 'psbt'> & { psbt: PsbtInput };

/** `cosigner` answers the platform's key for a multisig witness script (ADR 009). */
export type FinalizeOptions = { cosigner?: Cosigner };

type SpentOutput = { script: Uint8Array; amount: bigint };
export type FinalInput = { scriptSig: Uint8Array; witness: Uint8Array[] };

const EMPTY = new Uint8Array();

/**
 * Completes a purchase the buyer signed: its unsigned transaction must be byte for byte the one
 * built (version, locktime, every outpoint and sequence, every output), every buyer input signed
 * with ALL (or DEFAULT for taproot), and each seller input gets the stored witness of the listing
 * with that outpoint. That listing's commitment (sequence, spent output, payout at the same index)
 * must be what was built, so the signature verified at listing time is valid here. Answers the raw
 * transaction; throws TradeError. The buyer's own single-key signatures are checked by Bitcoin
 * Core's testmempoolaccept, which the caller runs before broadcasting; its multisig ones are
 * verified here, before the platform co-signs.
 */
export function mergeAndFinalizePurchase(
  buyerSignedPsbt: PsbtInput,
  built: BuiltToFinalize,
  sellerSignatures: readonly SignedListedItem[],
  options: FinalizeOptions = {},
): FinalizedTransaction {
  return finalizeSignedPsbt(buyerSignedPsbt, built, sellerSignatures, options);
}

/**
 * The same checks for any transaction we built and one wallet signed (a padding setup, a
 * delisting, a multisig withdrawal): `storedListings` supplies the inputs whose role says
 * 'stored-listing' or 'cosigned-listing'. Multisig inputs ('cosigned-psbt', 'cosigned-listing')
 * get the platform's ALL signature from `options.cosigner`, over this exact transaction, once the
 * user's own signature verifies; 'recovery-psbt' inputs the user's alone.
 */
export function finalizeSignedPsbt(
  signedPsbt: PsbtInput,
  built: BuiltToFinalize,
  storedListings: readonly SignedListedItem[] = [],
  options: FinalizeOptions = {},
): FinalizedTransaction {
  const builtTx = parsePsbt(built.psbt);
  const signedTx = parsePsbt(signedPsbt);
  const parts = unsignedParts(builtTx);
  checkSameTransaction(builtTx, parts, signedTx);
  const prevouts = parts.inputs.map((_, i): SpentOutput => {
    const prevout = builtTx.getInput(i).witnessUtxo;
    if (!prevout) throw new TradeError('invalid-psbt', `Input ${i} has no witnessUtxo`, i);
    return prevout;
  });
  const finals = prevouts.map((prevout, i): FinalInput => {
    const signed = signedTx.getInput(i);
    const listing = () => listingWitness(builtTx, parts, i, prevout, storedListings);
    const { cosigner } = options;
    switch (built.layout.inputs[i]?.witness ?? 'signed-psbt') {
      case 'signed-psbt':
        return signedFinalInput(signed, prevout.script, i);
      case 'stored-listing':
        return { scriptSig: EMPTY, witness: listing() };
      case 'cosigned-listing':
        return {
          scriptSig: EMPTY,
          witness: cosignedListingWitness(builtTx, i, listing(), cosigner),
        };
      case 'cosigned-psbt':
        return { scriptSig: EMPTY, witness: cosignedWitness(builtTx, signed, i, cosigner) };
      case 'recovery-psbt':
        return { scriptSig: EMPTY, witness: recoveryWitness(builtTx, signed, i) };
    }
  });

  const { raw, txid, vsize } = encodeTransaction(builtTx, parts, finals);
  const fee = sum(prevouts.map((p) => p.amount)) - sum(parts.outputs.map((o) => o.amount));
  const feeRate = Number(fee) / vsize;
  if (feeRate > built.maxFeeRate) {
    throw new TradeError(
      'fee-too-high',
      `Fee rate ${feeRate.toFixed(2)} sat/vB is above ${built.maxFeeRate}`,
    );
  }
  return { hex: bytesToHex(raw), txid, fee, vsize, feeRate };
}

/**
 * The signer may add signatures and nothing else: same version, locktime, inputs and outputs.
 * Shared with the swap's check (../swap/). Throws TradeError naming what differs.
 */
export function checkSameTransaction(
  built: Transaction,
  parts: { inputs: RawInput[]; outputs: RawOutput[] },
  signed: Transaction,
): void {
  if (built.version !== signed.version || built.lockTime !== signed.lockTime) {
    throw new TradeError('header-changed', 'The version or locktime was changed');
  }
  const signedParts = unsignedParts(signed);
  if (signedParts.inputs.length !== parts.inputs.length) {
    throw new TradeError('inputs-changed', 'Inputs were added or removed');
  }
  parts.inputs.forEach((a, i) => {
    const b = signedParts.inputs[i];
    const isSame =
      b && equalBytes(a.txid, b.txid) && a.index === b.index && a.sequence === b.sequence;
    if (!isSame) throw new TradeError('inputs-changed', `Input ${i} was changed`, i);
  });
  if (signedParts.outputs.length !== parts.outputs.length) {
    throw new TradeError('outputs-changed', 'Outputs were added or removed');
  }
  parts.outputs.forEach((a, i) => {
    const b = signedParts.outputs[i];
    if (!b || a.amount !== b.amount || !equalBytes(a.script, b.script)) {
      throw new TradeError('outputs-changed', `Output ${i} was changed`, i);
    }
  });
}

function listingWitness(
  builtTx: Transaction,
  parts: { inputs: RawInput[]; outputs: RawOutput[] },
  index: number,
  prevout: SpentOutput,
  listings: readonly SignedListedItem[],
): Uint8Array[] {
  const input = parts.inputs[index];
  const output = parts.outputs[index];
  const outpoint = { txid: input ? bytesToHex(input.txid) : '', vout: input?.index ?? -1 };
  const listing = listings.find((item) => sameOutpoint(item.sellerInput, outpoint));
  if (!input || !listing || listing.witness.length === 0) {
    const message = `No listing signature for input ${index}`;
    throw new TradeError('missing-seller-signature', message, index);
  }
  const { sellerInput, payout } = listing;
  const builtScript = builtTx.getInput(index).witnessScript;
  const isCommitted =
    output !== undefined &&
    sameOptionalBytes(sellerInput.witnessScript, builtScript) &&
    sellerInput.sequence === input.sequence &&
    sellerInput.value === prevout.amount &&
    equalBytes(sellerInput.script, prevout.script) &&
    payout.value === output.amount &&
    equalBytes(payout.script, output.script);
  if (!isCommitted) {
    const message = `The listing signature of input ${index} commits to other data`;
    throw new TradeError('seller-signature-mismatch', message, index);
  }
  return listing.witness;
}

/**
 * The final scriptSig and witness of a wallet's key spend, from its finalized witness or its
 * partial signature. Only ALL (or taproot DEFAULT) is accepted: any other sighash would let inputs
 * or outputs change after signing.
 */
export function signedFinalInput(
  input: TransactionInput,
  script: Uint8Array,
  index: number,
): FinalInput {
  const type = spendTypeOfScript(script);
  if (!type) throw new TradeError('invalid-psbt', `Input ${index} is no key spend`, index);
  if (type === 'p2tr') return { scriptSig: EMPTY, witness: [taprootSignature(input, index)] };

  const redeemScript = (key: Uint8Array) => OutScript.encode({ type: 'wpkh', hash: hash160(key) });
  const controls = (key: Uint8Array) =>
    type === 'p2wpkh'
      ? equalBytes(hash160(key), script.subarray(2))
      : equalBytes(hash160(redeemScript(key)), script.subarray(2, 22));
  const final = input.finalScriptWitness;
  if (final?.length && final.length !== 2) throw badSignature(index, 'has a foreign witness');
  const [signature, publicKey] = final?.length
    ? final
    : [...(input.partialSig?.find(([key]) => controls(key)) ?? [])].reverse();
  if (!signature || !publicKey) {
    throw new TradeError('unsigned-buyer-input', `Input ${index} is not signed`, index);
  }
  if (signature.at(-1) !== SigHash.ALL) throw badSighash(index);
  if (!controls(publicKey)) throw badSignature(index, 'is signed by another key');
  const scriptSig = type === 'p2sh-p2wpkh' ? Script.encode([redeemScript(publicKey)]) : EMPTY;
  return { scriptSig, witness: [signature, publicKey] };
}

function taprootSignature(input: TransactionInput, index: number): Uint8Array {
  const final = input.finalScriptWitness;
  if (final && final.length !== 1) throw badSignature(index, 'is no key-path spend');
  const signature = final?.[0] ?? input.tapKeySig;
  if (!signature)
    throw new TradeError('unsigned-buyer-input', `Input ${index} is not signed`, index);
  const isAll =
    signature.length === 64 || (signature.length === 65 && signature[64] === SigHash.ALL);
  if (!isAll) throw badSighash(index);
  return signature;
}

function badSighash(index: number): TradeError {
  const message = `Input ${index} is not signed with SIGHASH_ALL`;
  return new TradeError('bad-buyer-sighash', message, index);
}

function badSignature(index: number, what: string): TradeError {
  return new TradeError('bad-buyer-signature', `Input ${index} ${what}`, index);
}

function sameOptionalBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  return a === undefined || b === undefined ? a === b : equalBytes(a, b);
}

function sum(values: readonly bigint[]): bigint {
  return values.reduce((total, value) => total + value, 0n);
}
